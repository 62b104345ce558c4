/**
 * Warnings of `offprint export` (the built binary): readable lines with `--log-format text` (what a
 * terminal gets by default), JSON lines by default when stderr is not a terminal (scripts, CI) and with
 * `--log-format json`. The project links to an anchor its page lacks, which the export warns about, and has a
 * page the site cannot render (shown as its source), which the summary names.
 */
import { join } from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { runBinary } from './helpers/binary.js';
import { tempDir } from './helpers/dataDirs.js';
import { needsChromium } from './helpers/needs.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const DOMAIN = 'warn.cli.test';
const WARNING = 'export: link to a missing anchor, now to its page';

needsChromium().describe('offprint export warnings', () => {
  const dataDir = tempDir('offprint-export-warn-');

  beforeAll(async () => {
    const source = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'broken'] } }),
      // A page path ending in a version (`/changelog/v0.16.0`) is a missing page, not a missing file, and so is
      // a link to a page's source (`./broken.mdx`, which the import reports).
      'index.mdx':
        '# Home\n\nSee [the missing part](#no-such-heading), [the sheet](/files/gone.pdf), ' +
        '[the notes](/changelog/v0.16.0) and [the source](./broken.mdx).\n',
      'broken.mdx': '# Broken\n\nexport const limits = {;\n',
    });
    const created = await runBinary([
      ...['projects', 'create', '--name', 'Warn', '--domain', DOMAIN, '--source', source],
      ...['--data-dir', dataDir],
    ]);
    if (created.code !== 0) throw new Error(created.stderr);
  }, 180_000);

  const exportWith = (out: string, extra: string[]) =>
    runBinary(['export', '--domain', DOMAIN, '--out', join(dataDir, out), '--data-dir', dataDir, ...extra]);

  it('prints warnings as readable lines with --log-format text', { timeout: 300_000 }, async () => {
    const run = await exportWith('text.zip', ['--log-format', 'text']);
    expect(run.code).toBe(0);
    const lines = run.stderr.split('\n');
    expect(lines).toContain(`warning: ${WARNING} (file: index.html, href: #no-such-heading)`);
    expect(lines.filter((l) => l.startsWith('{'))).toEqual([]);
    // The summary counts what the warnings name, so a reader of stdout alone learns of it too: the PDF only.
    expect(run.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        '  1 file the pages refer to is not in the project (left out; warnings in the log)',
        '    /files/gone.pdf',
        '  1 page error while rendering (a page shown as its source, a script error; warnings in the log)',
      ]),
    );
    expect(run.stdout).toMatch(
      /\n {4}\/broken: the page could not be rendered from its source, so readers see the source instead: \S/,
    );
  });

  it('keeps JSON lines when stderr is not a terminal, and with --log-format json', { timeout: 300_000 }, async () => {
    for (const extra of [[], ['--log-format', 'json']]) {
      const run = await exportWith(`json${extra.length}.zip`, extra);
      expect(run.code).toBe(0);
      const records = run.stderr
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(records).toContainEqual(expect.objectContaining({ level: 40, msg: WARNING, href: '#no-such-heading' }));
      expect(run.stderr).not.toContain('warning: ');
    }
  });
});
