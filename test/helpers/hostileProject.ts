/**
 * A docs project that attacks the process that imports or serves it, one page per attack class. Each
 * attack that succeeded would print what it stole into the page (so the test looks for the canaries in
 * every page) or leave a marker file (so the test looks for it); none may.
 */
import { join } from 'node:path';
import { docsJson, writeProject } from './siteProjects.js';

/** What the project tries to reach. */
export interface Canaries {
  /** A file outside the project, holding `fileToken`. */
  readonly file: string;
  readonly fileToken: string;
  /** An environment variable of the server and CLI processes, holding `envToken`. */
  readonly envName: string;
  readonly envToken: string;
  /** A folder where a successful write or command would create files. */
  readonly markerDir: string;
  /** A loopback port where a successful network request would connect. */
  readonly port: number;
  /** The server's data dir (its database and secret). */
  readonly dataDir: string;
}

/** The pages, by attack class. Pages that cannot finish are listed in {@link FAILING_PAGES}. */
function pages(c: Canaries): Record<string, string> {
  const marker = (name: string): string => JSON.stringify(join(c.markerDir, name));
  const steal = `(p) => { try { return 'STOLEN ' + JSON.stringify(p.env) + ' ' + p.mainModule } catch (e) { return 'blocked: ' + e.message } }`;
  return {
    'file-read.mdx': `# File read

import { readFileSync } from 'fs';
import canary from '/../../../../../../../../..${c.file}';

export const viaRequire = (() => { try { return require('fs').readFileSync(${JSON.stringify(c.file)}, 'utf8') } catch (e) { return 'blocked: ' + e.message } })();
export const viaImport = (() => { try { return readFileSync(${JSON.stringify(c.file)}, 'utf8') } catch (e) { return 'blocked: ' + e.message } })();

<p id="require">{viaRequire}</p>
<p id="import">{String(viaImport)}</p>
<p id="relative">{String(canary)}</p>
`,
    'environment.mdx': `# Environment

<p id="process">{typeof process === 'undefined' ? 'no process' : JSON.stringify(process.env)}</p>
<p id="global">{typeof globalThis.process === 'undefined' ? 'no process' : String(globalThis.process.env.${c.envName})}</p>
`,
    'command.mdx': `# Command

export const ran = (() => { try { require('child_process').execSync('touch ' + ${marker('command')}); return 'RAN' } catch (e) { return 'blocked: ' + e.message } })();

<p id="command">{ran}</p>
`,
    'function-escape.mdx': `# Function constructor

export const grab = ${steal};
export const viaObject = (() => { try { return grab(({}).constructor.constructor('return process')()) } catch (e) { return 'blocked: ' + e.message } })();
export const viaRuntime = (() => { try { return grab(arguments[0].jsx.constructor('return process')()) } catch (e) { return 'blocked: ' + e.message } })();
export const viaEval = (() => { try { return grab(eval('process')) } catch (e) { return 'blocked: ' + e.message } })();
export const viaImportCall = (() => { try { return String(import('node:fs')) } catch (e) { return 'blocked: ' + e.message } })();

<p id="object">{viaObject}</p>
<p id="runtime">{viaRuntime}</p>
<p id="eval">{viaEval}</p>
<p id="dynamic-import">{viaImportCall}</p>
`,
    'network.mdx': `# Network

export const tries = [];
export const viaFetch = (() => { try { fetch('http://127.0.0.1:${c.port}/fetch'); return 'SENT' } catch (e) { return 'blocked: ' + e.message } })();
export const viaSocket = (() => { try { new WebSocket('ws://127.0.0.1:${c.port}/ws'); return 'SENT' } catch (e) { return 'blocked: ' + e.message } })();
export const viaNet = (() => { try { require('net').connect(${c.port}, '127.0.0.1'); return 'SENT' } catch (e) { return 'blocked: ' + e.message } })();
export const viaImage = <img src="http://127.0.0.1:${c.port}/img.png" />;

<p id="fetch">{viaFetch}</p>
<p id="socket">{viaSocket}</p>
<p id="net">{viaNet}</p>
`,
    'data-dir.mdx': `# Data dir

export const db = (() => { try { return require('fs').readFileSync(${JSON.stringify(join(c.dataDir, 'offprint.db'))}, 'latin1') } catch (e) { return 'blocked: ' + e.message } })();

<p id="db">{String(db).slice(0, 200)}</p>
`,
    'recursion.mdx': `# Deep recursion

export const down = (n) => down(n + 1) + 1;

<p>{down(0)}</p>
`,
    'huge-string.mdx': `# Huge output

{'x'.repeat(2 ** 29)}
`,
    'jsx-snippet.mdx': `import { Steal } from '/snippets/steal.jsx';

# JSX snippet

<Steal />
`,
    'snippets/steal.jsx': `
let out = [];
try { out.push(require('fs').readFileSync(${JSON.stringify(c.file)}, 'utf8')); } catch (e) { out.push('blocked: ' + e.message); }
try { const p = module.constructor.constructor('return process')(); out.push('STOLEN ' + p.env.${c.envName}); } catch (e) { out.push('blocked: ' + e.message); }
try { const p = require.constructor('return process')(); p.getBuiltinModule('fs').writeFileSync(${marker('jsx')}, 'x'); out.push('WROTE'); } catch (e) { out.push('blocked: ' + e.message); }
export const Steal = () => <p id="steal">{out.join(' | ')}</p>;
`,
    'loop.mdx': `# Endless loop\n\n{(() => { while (true) {} })()}\n`,
    'snippet-loop.mdx': `import Spin from '/snippets/spin.jsx';\n\n# Loop in a snippet\n\n<Spin />\n`,
    'snippets/spin.jsx': `while (true) {}\nexport default function Spin() { return <p>never</p>; }\n`,
    'memory-bomb.mdx': `# Memory bomb\n\n{(() => { const keep = []; while (true) keep.push(new Array(1e6).fill(7)); })()}\n`,
    'index.mdx': `# Ordinary page\n\nThis page renders.\n`,
  };
}

/**
 * Pages that cannot render (loop, loop in a snippet's top level, memory bomb, endless recursion, a
 * string past V8's limit): the import lists each.
 */
export const FAILING_PAGES = ['huge-string.mdx', 'loop.mdx', 'memory-bomb.mdx', 'recursion.mdx', 'snippet-loop.mdx'];

/** The navigation's page paths. */
export const HOSTILE_PAGES = [
  'index',
  'file-read',
  'environment',
  'command',
  'function-escape',
  'jsx-snippet',
  'network',
  'data-dir',
  'recursion',
  'huge-string',
  'loop',
  'snippet-loop',
  'memory-bomb',
];

/** Writes the hostile project into a new temp folder and returns it. */
export function writeHostileProject(canaries: Canaries): string {
  return writeProject({ 'docs.json': docsJson({ navigation: { pages: HOSTILE_PAGES } }), ...pages(canaries) });
}
