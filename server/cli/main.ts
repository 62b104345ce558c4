#!/usr/bin/env node
/** The `offprint` command line: one process, one command, exit code = verdict. */
// First: sets NODE_ENV before anything loads React (see productionEnv.ts).
import '../productionEnv.js';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderEnv } from '../config.js';
import { restrictUmask } from '../dataDir.js';
import { limitHeapGrowth } from '../heapGrowth.js';
import { createLogger } from '../logger.js';
import { configureRenderSandbox } from '../sites/sandbox/shared.js';
import { OFFPRINT_VERSION } from '../version.js';
import { parseCommandArgs } from './args.js';
import { commandHelp, commandLabel } from './help.js';
import { describeError, UsageError, write, type CliIo } from './io.js';

const HELP = `Offprint ${OFFPRINT_VERSION}: offline documentation sites, feedback export and static export bundles.

Usage: offprint <command> [options]

  serve [--host 127.0.0.1] [--port 4242] [--allowed-host NAME] [--log-format text|json]
                                        Serve the API (--port 0 picks a free port)
  orgs create --name NAME [--plan free|pro|enterprise]
  projects create --name NAME --domain HOST [--org ID] [--source PATH]
                                        Create a project (with its docs site from a folder or .zip)
  projects list [--org ID]
  keys create [--org ID] [--name NAME]  Create an admin API key (shown once)
  keys list [--org ID]
  keys revoke KEYID
  sites import --project ID PATH        Import a docs folder or .zip as the project's site
  pack PATH --out FILE.zip [--strict] [--allow-http] [--allow-private-hosts] [--timeout S] [--max-file-mb N] [--max-total-mb N]
                                        On a connected machine: fetch the remote images, videos, fonts
                                        and OpenAPI specs a docs project uses into a zip to import offline
  settings list | get NAME | unset NAME
  settings set NAME VALUE               Change a setting (allowedScripts: scripts sites may load, a,b,...)
  feedback import --project ID FILE     Import NDJSON feedback (FILE - reads stdin)
  feedback export --project ID [--format ndjson|csv] [--date-from D] [--date-to D] [--source S]
                  [--status LIST] [--path PAGE] [--search TEXT]
                                        Write a project's feedback as NDJSON (or CSV) to stdout
  feedback status --project ID FEEDBACK_ID... --status S [--note TEXT]
                                        Change feedback status (pending, in_progress, resolved, dismissed)
  feedback note --project ID FEEDBACK_ID TEXT | history --project ID FEEDBACK_ID
  export --domain HOST --out FILE.zip [--deployment air-gapped|client-hosted|cloud]
         [--concurrency N] [--path PAGE]... [--browser ws://HOST:PORT/...]... [--allow-egress]
         [--log-format text|json]
                                        Export a docs site as a static bundle (progress on stderr)
  preview FILE.zip [--port 4343] [--host 127.0.0.1]
                                        Serve a bundle like a static host (extensionless URLs)
  verify FILE.zip [--public-key FILE | --fingerprint FP]
                                        Check a bundle's signature, then every file; exit code 0 = sound
  signing-key show | export [--out FILE] [--fingerprint FP] | rotate   [--org ID]
                                        The organization's bundle signing key and its fingerprint
  diff OLD.zip NEW.zip                  Pages, assets and navigation changed between two bundles; delta size
  delta OLD.zip NEW.zip --out DELTA.zip [--org ID]
                                        Only what changed, signed, to carry instead of the whole bundle
  apply OLD.zip DELTA.zip --out NEW.zip [--public-key FILE | --fingerprint FP]
                                        Rebuild the new bundle byte for byte from the old one and a delta
  serve-bundle --bundle-url URL [--delta-url URL] --cache DIR [--sha256 HEX] [--version LABEL] [--collector URL]
               [--public-key FILE | --fingerprint FP] [--port 8080] [--host 127.0.0.1] [--keep 3] [--timeout 30]
               [--retries 5]
                                        Fetch, verify and serve a bundle (what the Helm chart runs)

Every command takes --data-dir DIR (default: $OFFPRINT_DATA_DIR, else the per-user app-data folder)
and --json (one JSON object on stdout). \`offprint COMMAND --help\` shows a command's options.
`;

/** A command's own help; for one without an entry in help.ts, its lines of the general usage. */
function helpOf(name: string): string {
  const own = commandHelp(name);
  if (own !== null) return own;
  const lines = HELP.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`  ${name} `));
  const end = lines.findIndex((line, i) => i > start && /^ {2}[a-z]/.test(line));
  return `Usage:\n${lines.slice(start, end < 0 ? undefined : end).join('\n')}\n`;
}

type Command = (argv: string[], io: CliIo) => Promise<number>;

/**
 * Each command's module, loaded when that command runs: the whole server is some 600 modules (over a second
 * of a busy machine's CPU), which `--version`, `--help`, a usage error or `verify` on a reader's machine
 * have no use for.
 */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  orgs: async () => (await import('./commands/admin.js')).orgsCommand,
  projects: async () => (await import('./commands/admin.js')).projectsCommand,
  keys: async () => (await import('./commands/admin.js')).keysCommand,
  feedback: async () => (await import('./commands/feedback.js')).feedbackCommand,
  sites: async () => (await import('./commands/sites.js')).sitesCommand,
  settings: async () => (await import('./commands/settings.js')).settingsCommand,
  export: async () => (await import('./commands/export.js')).exportCommand,
  preview: async () => (await import('./commands/preview.js')).previewCommand,
  verify: async () => (await import('./commands/verify.js')).verifyCommand,
  diff: async () => (await import('./commands/diff.js')).diffCommand,
  delta: async () => (await import('./commands/delta.js')).deltaCommand,
  apply: async () => (await import('./commands/delta.js')).applyCommand,
  'signing-key': async () => (await import('./commands/signingKey.js')).signingKeyCommand,
  'serve-bundle': async () => (await import('./commands/serveBundle.js')).serveBundleCommand,
  pack: async () => (await import('./commands/pack.js')).packCommand,
};

/** Runs one command line; returns the exit code. Never throws. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  try {
    // Without a command the usage is an error message: stderr, so nothing reads it as a command's output.
    if (name === undefined) {
      await write(io.stderr, HELP);
      return 2;
    }
    if (name === 'help' || name === '--help' || name === '-h') {
      // `help --help` asks for help on help: the general usage, not an unknown command named --help.
      const topic = rest.find((arg) => arg !== '--help' && arg !== '-h');
      if (topic !== undefined && !Object.hasOwn(COMMANDS, topic)) throw new UsageError(`unknown command: ${topic}`);
      await write(io.stdout, topic === undefined ? HELP : helpOf(topic));
      return 0;
    }
    if (name === 'version' || name === '--version') {
      // `--json` holds here too: one JSON object on stdout, as every command prints.
      const { values, positionals } = parseCommandArgs(rest, {});
      if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
      await write(
        io.stdout,
        values.json ? `${JSON.stringify({ version: OFFPRINT_VERSION })}\n` : `${OFFPRINT_VERSION}\n`,
      );
      return 0;
    }
    const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (load === undefined) throw new UsageError(`unknown command: ${name}`);
    // Before the command parses anything: `--help` wins over every other flag, right or wrong.
    const beforeEnd = rest.includes('--') ? rest.slice(0, rest.indexOf('--')) : rest;
    if (beforeEnd.includes('--help') || beforeEnd.includes('-h')) {
      await write(io.stdout, helpOf(name));
      return 0;
    }
    // Every page any command renders goes through the render sandbox, with the limits the environment sets.
    configureRenderSandbox(createLogger('warn'), renderEnv(io.env));
    const command = await load();
    try {
      return await command(rest, io);
    } catch (error) {
      // Usage errors point at the help of the command that was run.
      if (error instanceof UsageError) error.command ??= { name, label: commandLabel(name, rest) };
      throw error;
    }
  } catch (error) {
    const { message, exitCode } = describeError(error);
    await write(io.stderr, `${message}\n`);
    return exitCode;
  }
}

function isEntryPoint(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  // Before anything is written: every file and folder this process creates is owner-only.
  restrictUmask();
  // Memory that follows what the process keeps, not four times it (see heapGrowth.ts).
  limitHeapGrowth();
  const io: CliIo = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  process.exitCode = await runCli(process.argv.slice(2), io);
}
