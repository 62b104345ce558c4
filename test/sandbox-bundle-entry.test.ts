/**
 * The render pool starts its sandboxes from the one-file bundle `npm run build` makes
 * (server/sites/sandbox/build.mjs), which starts in about half the time of the module graph it bundles,
 * and a page rendered through it is rendered under the same limits: its project folder, its process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { forkLauncher, type SandboxLauncher } from '../server/sites/sandbox/launcher.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterEach(() => configureRenderSandbox(silentLogger()));

describe('the render sandbox entry', () => {
  it('is the built bundle, and renders a page that reads its project and nothing outside it', async () => {
    const started: { entry: string; execArgv: readonly string[] }[] = [];
    const launcher: SandboxLauncher = (spec) => {
      started.push({ entry: spec.entry, execArgv: spec.execArgv });
      return forkLauncher(spec);
    };
    configureRenderSandbox(silentLogger(), { launcher });
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx':
        "import Note from '/snippets/note.mdx';\n\n# Home\n\n<Note />\n\nProcess: <code>{typeof process}</code>, file system: <code>{typeof require}</code>\n",
      'snippets/note.mdx': 'A snippet from the project folder.\n',
    });
    const model = loadSiteProject(dir);
    const page = model.pages.get('index');
    if (page === undefined) throw new Error('no page index');
    const rendered = await renderPageSource(model, dir, page);

    expect(started.map((s) => s.entry)).toEqual([
      expect.stringMatching(/\/dist\/server\/sites\/sandbox\/child\.bundle\.js$/),
    ]);
    expect(started[0]?.execArgv).toEqual(expect.arrayContaining(['--disallow-code-generation-from-strings']));
    expect(started[0]?.execArgv.some((arg) => /^--(experimental-)?permission$/.test(arg))).toBe(true);
    expect(rendered.html).toContain('A snippet from the project folder.');
    // Project code runs in a realm of its own: neither Node's process nor require is in it.
    expect(rendered.html).toMatch(/Process: <code>undefined<\/code>, file system: <code>undefined<\/code>/);
  });
});
