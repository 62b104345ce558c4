/**
 * Every page of the real novu docs fixture renders: no failures, and what it reports (unknown components,
 * missing imports, missing assets) is listed and pinned to what the fixture actually contains.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';
import { renderPage } from '../server/sites/render/index.js';
import { folderReader } from './fixtures/render/harness.js';
import { needsNovu } from './helpers/needs.js';
import { NOVU } from './helpers/siteProjects.js';

/** Every .mdx/.md file outside hidden folders and snippets/ (the page candidates). */
function pageFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!name.startsWith('.') && name !== 'snippets' && name !== 'node_modules') pageFiles(path, out);
    } else if (/\.mdx?$/.test(name)) out.push(relative(NOVU, path).split('\\').join('/'));
  }
  return out.sort();
}

needsNovu().describe('novu fixture', () => {
  it('renders every page without a failure', { timeout: 300_000 }, async () => {
    const files = pageFiles(NOVU);
    const readFile = folderReader(NOVU);
    const failures: string[] = [];
    const unknown = new Map<string, string[]>();
    const missingImports = new Map<string, string[]>();
    const missingAssets = new Map<string, string[]>();
    const warnings = new Map<string, number>();
    let headings = 0;
    const emptyPages: string[] = [];
    for (const file of files) {
      const page = await renderPage({
        source: readFileSync(join(NOVU, file), 'utf8'),
        file,
        readFile,
        variables: {},
        iconLibrary: 'lucide',
      });
      const add = (map: Map<string, string[]>, key: string): void => void map.set(key, [...(map.get(key) ?? []), file]);
      for (const name of page.unknownComponents) add(unknown, name);
      for (const spec of page.missingImports) add(missingImports, spec);
      for (const url of page.assets) if (!existsSync(join(NOVU, decodeURI(url)))) add(missingAssets, url);
      for (const warning of page.warnings) {
        if (warning.startsWith('render failed')) failures.push(`${file}: ${warning}`);
        else warnings.set(warning, (warnings.get(warning) ?? 0) + 1);
      }
      headings += page.headings.length;
      // Frontmatter-only pages (OpenAPI endpoint pages) have no body; any other page must yield text.
      const body = readFileSync(join(NOVU, file), 'utf8')
        .replace(/^---[\s\S]*?\n---/, '')
        .trim();
      if (page.text.trim() === '' && body !== '') emptyPages.push(file);
    }
    const list = (map: Map<string, string[]>): string[] => [...map].map(([k, v]) => `${k} (${v.length}: ${v[0]}…)`);
    console.log(
      [
        `novu: ${files.length} pages, ${failures.length} failures, ${headings} TOC entries`,
        `unknown components: ${unknown.size} ${JSON.stringify(list(unknown))}`,
        `missing imports: ${missingImports.size} ${JSON.stringify(list(missingImports))}`,
        `missing assets: ${missingAssets.size}`,
        ...[...missingAssets].map(([url, pages]) => `  ${url} <- ${pages.join(', ')}`),
        `other warnings: ${JSON.stringify([...warnings])}`,
      ].join('\n'),
    );
    expect(files.length).toBeGreaterThan(400);
    expect(failures).toEqual([]);
    // What the fixture contains today: every JSX name it uses is a built-in, and it imports nothing.
    expect([...unknown.keys()]).toEqual([]);
    expect([...missingImports.keys()]).toEqual([]);
    expect([...warnings.keys()]).toEqual([]);
    expect(emptyPages).toEqual([]);
    expect(headings).toBeGreaterThan(1000);
    // The fixture lacks some large images on purpose; they must be reported, not silently dropped.
    expect(missingAssets.size).toBeGreaterThan(0);
  });
});
