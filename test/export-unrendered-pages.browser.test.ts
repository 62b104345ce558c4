/**
 * A page the site could not render from its source (it shows the source instead, and the import report
 * lists it as render-failed) still goes into the bundle, and the export's warnings name it with the reason,
 * so whoever hands the bundle out knows before a reader does.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportResult } from '../server/export/contract.js';
import { exportWarnings } from '../server/jobs/warnings.js';
import { tempDir } from './helpers/dataDirs.js';
import { exportOnce, importExportFixture, type ExportSiteFixture } from './helpers/exportRun.js';
import { needsChromium } from './helpers/needs.js';

/** Two pages; `broken` has an export statement no parser reads. */
function projectWithBrokenPage(): string {
  const dir = join(tempDir('offprint-export-unrendered-src-'), 'site');
  mkdirSync(dir, { recursive: true });
  const files: Record<string, string> = {
    'docs.json': JSON.stringify({
      name: 'Unrendered',
      theme: 'mint',
      colors: { primary: '#0D9373' },
      navigation: { groups: [{ group: 'Start', pages: ['index', 'broken'] }] },
    }),
    'index.mdx': '---\ntitle: Welcome\n---\n\nAll good here.\n',
    'broken.mdx': '---\ntitle: Broken\n---\n\nexport const limits = {;\n\nThe limits are below.\n',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

needsChromium().describe('an export with a page that could not be rendered', () => {
  let site: ExportSiteFixture;
  let result: ExportResult;

  beforeAll(async () => {
    site = await importExportFixture(projectWithBrokenPage());
    ({ result } = await exportOnce(site));
  }, 180_000);
  afterAll(() => site?.rt.close());

  it('completes, and its warnings name the page and why it shows its source', () => {
    const unrendered = exportWarnings(result).filter((w) => w.message.includes('could not be rendered'));
    expect(unrendered.map((w) => [w.code, w.page])).toEqual([['page-error', '/broken']]);
    expect(unrendered[0]?.message).toMatch(
      /^the page could not be rendered from its source, so readers see the source instead: MDX syntax error at line 5:24: an import\/export statement could not be parsed \(Could not parse import\/exports with acorn/,
    );
  });
});
