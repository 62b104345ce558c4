/**
 * "Last modified" dates (docs.json `metadata.timestamp`): a page says when it last changed, from its
 * frontmatter's `lastUpdatedDate`, else the time its file had where it was imported from (a folder's file
 * times and a zip's entry times are kept by the import); frontmatter `timestamp` shows or hides it for one
 * page. Sites that do not ask show none.
 */
import { closeSync, createWriteStream, openSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSite } from '../server/db/sites.js';
import { centralEntries, readZipDirectory } from '../server/zip/directory.js';
import { importSite } from '../server/domain/sites.js';
import { loadSiteProject } from '../server/sites/project/load.js';
import { renderLastModified } from '../server/sites/theme/page.js';
import { buildDir } from '../server/domain/sites.js';
import { tempDir } from './helpers/dataDirs.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const PAGES = {
  'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
  'dated.mdx': '---\ntitle: Dated\nlastUpdatedDate: 2023-12-25\n---\n\nSaid by its author.\n',
  'quiet.mdx': '---\ntitle: Quiet\ntimestamp: false\n---\n\nNo date here.\n',
  'loud.mdx': '---\ntitle: Loud\ntimestamp: true\n---\n\nA date even where the site shows none.\n',
};
const NAV = { navigation: { pages: ['index', 'dated', 'quiet', 'loud'] } };
const JAN_2 = new Date('2024-01-02T12:00:00Z');

/** The "Last modified" line of a page's HTML: its `datetime` and the text shown; null without one. */
function lastModified(html: string): { datetime: string; shown: string } | null {
  const match = /<p class="op-last-modified">Last modified on <time datetime="([^"]+)">([^<]+)<\/time><\/p>/.exec(html);
  return match === null ? null : { datetime: match[1] ?? '', shown: match[2] ?? '' };
}

/** A project folder whose files all last changed on `when`. */
function datedProject(config: Record<string, unknown>, when: Date): string {
  const dir = writeProject({ 'docs.json': docsJson(config), ...PAGES });
  for (const file of ['docs.json', ...Object.keys(PAGES)]) utimesSync(join(dir, file), when, when);
  return dir;
}

describe('metadata.timestamp', () => {
  let s: SiteServe;
  beforeAll(async () => {
    s = await startSiteServe({ source: datedProject({ ...NAV, metadata: { timestamp: true } }, JAN_2) });
  });
  afterAll(async () => {
    await s.close();
  });
  const page = async (path: string): Promise<string> => (await s.site(path)).text();

  it("shows the day the page's file last changed, kept through the import", async () => {
    expect(lastModified(await page('/'))).toEqual({ datetime: '2024-01-02', shown: 'January 2, 2024' });
  });

  it("prefers the frontmatter's lastUpdatedDate, and hides the line where timestamp is false", async () => {
    expect(lastModified(await page('/dated'))).toEqual({ datetime: '2023-12-25', shown: 'December 25, 2023' });
    expect(lastModified(await page('/quiet'))).toBeNull();
  });
});

describe('without metadata.timestamp', () => {
  it('shows no date, except on a page whose frontmatter asks for one', () => {
    const model = loadSiteProject(datedProject(NAV, JAN_2));
    expect(model.settings.timestamps).toBeUndefined();
    const line = (key: string): string => {
      const page = model.pages.get(key);
      if (page === undefined) throw new Error(`no page ${key}`);
      return renderLastModified(model, page);
    };
    expect(line('index')).toBe('');
    expect(line('dated')).toBe('');
    expect(lastModified(line('loud'))).toEqual({ datetime: '2024-01-02', shown: 'January 2, 2024' });
  });
});

describe('a zip import', () => {
  it('keeps the times of its entries', async () => {
    const zipFile = join(tempDir('offprint-ts-zip-'), 'docs.zip');
    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(JSON.stringify(docsJson({ ...NAV, metadata: { timestamp: true } }))), 'docs/docs.json', {
      mtime: JAN_2,
    });
    for (const [name, text] of Object.entries(PAGES)) {
      zip.addBuffer(Buffer.from(text), `docs/${name}`, { mtime: new Date('2022-06-30T08:00:00Z') });
    }
    zip.end();
    await once(zip.outputStream.pipe(createWriteStream(zipFile)), 'close');
    const s = await startSiteServe({ source: zipFile });
    try {
      const model = loadSiteProject(s.buildDir());
      expect(model.pages.get('index')?.lastModified).toBe('2022-06-30');
      expect(lastModified(await (await s.site('/')).text())?.shown).toBe('June 30, 2022');
      // The import itself records them: a re-import of the same zip gives the same dates.
      const again = importSite(s.t.runtime, s.projectId, zipFile);
      const dir = buildDir(s.t.dataDir, s.projectId, findSite(s.t.runtime.db, s.projectId)?.buildId ?? again.buildId);
      expect(loadSiteProject(dir).pages.get('loud')?.lastModified).toBe('2022-06-30');
    } finally {
      await s.close();
    }
  });

  it('reads the MS-DOS time of an entry without an extended timestamp (as UTC: the zip names no zone)', async () => {
    const zipFile = join(tempDir('offprint-ts-dos-'), 'dos.zip');
    const zip = new yazl.ZipFile();
    // Midday: the day is the same whatever zone the zipper's clock was in.
    zip.addBuffer(Buffer.from('x'), 'a.mdx', { mtime: new Date('2021-03-04T12:00:00Z'), forceDosTimestamp: true });
    zip.end();
    await once(zip.outputStream.pipe(createWriteStream(zipFile)), 'close');
    const fd = openSync(zipFile, 'r');
    try {
      const [entry] = [...centralEntries(fd, readZipDirectory(fd))];
      expect(entry?.modified?.toISOString().slice(0, 10)).toBe('2021-03-04');
    } finally {
      closeSync(fd);
    }
  });
});
