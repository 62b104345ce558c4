/**
 * The real novu docs project (shared fixture, read in place). Measured: 403 pages = the 403 `.mdx` files
 * (none under snippets/ or a dot folder); its 3 `.md` files are not pages (root `README.md` and
 * `AGENTS.md`, and `.agents/skills/mintlify/SKILL.md` in a dot folder). 385 of them are in the navigation,
 * 18 reachable by URL only. Each number is also recomputed here from the files, independently of the
 * loader, so the test checks the rules and not just a copy of the loader's output.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { needsNovu } from './helpers/needs.js';
import { NOVU } from './helpers/siteProjects.js';

/** Every `.mdx`/`.md` file outside dot folders, project-relative. */
function markdownFiles(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
    const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
    if (entry.isDirectory() && !entry.name.startsWith('.')) out.push(...markdownFiles(dir, path));
    else if (entry.isFile() && /\.mdx?$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Every page string (`pages` entries and group `root`s) anywhere in a navigation object. */
function navStrings(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => navStrings(item, out));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === 'pages' && Array.isArray(value))
        value.forEach((p) => (typeof p === 'string' ? out.push(p) : navStrings(p, out)));
      else if (key === 'root' && typeof value === 'string') out.push(value);
      else navStrings(value, out);
    }
  }
  return out;
}

needsNovu().describe('the novu fixture', () => {
  const model = loadSiteProject(NOVU);
  const config = JSON.parse(readFileSync(join(NOVU, 'docs.json'), 'utf8')) as {
    navigation: unknown;
    redirects: unknown[];
  };

  it('loads with 403 pages: every .mdx file; no .md file is a page', () => {
    const files = markdownFiles(NOVU);
    const pageFiles = files.filter((f) => f.endsWith('.mdx'));
    expect(files.filter((f) => f.endsWith('.md')).sort()).toEqual(['AGENTS.md', 'README.md']);
    expect(pageFiles.length).toBe(403);
    expect([...model.pages.values()].map((p) => p.file).sort()).toEqual(pageFiles.sort());
    expect(model.counts).toMatchObject({ pages: 403, filePages: 403, generatedPages: 0, snippets: 0, specs: 0 });
  });

  it('resolves every navigation reference: 385 pages in the navigation, 18 by URL only', () => {
    const refs = new Set(navStrings(config.navigation));
    for (const ref of refs) expect(existsSync(join(NOVU, `${ref}.mdx`)), ref).toBe(true);
    expect(refs.size).toBe(385);
    expect(model.problems.filter((p) => p.code === 'missing-page')).toEqual([]);
    expect(new Set(model.navOrder)).toEqual(refs);
    const outside = [...model.pages.values()].filter((p) => !p.inNavigation);
    expect(outside.length).toBe(18);
    expect(outside.every((p) => !refs.has(p.path) && !p.indexed)).toBe(true);
    expect(model.counts).toMatchObject({ navPages: 385, outOfNavPages: 18 });
  });

  it('has six tabs, the API tab inheriting a remote spec that cannot be fetched offline', () => {
    expect(model.navigation.sections.map((s) => [s.division, s.label])).toEqual([
      ['tab', 'Platform'],
      ['tab', 'Agents'],
      ['tab', 'Guides'],
      ['tab', 'Framework'],
      ['tab', 'Community'],
      ['tab', 'API Reference'],
    ]);
    expect(model.settings).toMatchObject({
      name: 'Novu',
      theme: 'mint',
      iconLibrary: 'lucide',
      colors: { primary: '#D1006E' },
    });
  });

  it('reports the missing images (the fixture lacks some on purpose), each really missing', () => {
    const missing = model.problems.filter((p) => p.code === 'missing-asset');
    expect(missing.length).toBe(216);
    for (const problem of missing) {
      const ref = problem.message.replace(/: file not found in the project$/, '');
      const target = ref.startsWith('/') ? join(NOVU, ref) : join(NOVU, problem.file, '..', ref);
      expect(existsSync(target), ref).toBe(false);
    }
  });

  it('reports the 116 frontmatter openapi pages, whose spec is remote, and 4 redirects that can never match', () => {
    const openapiPages = [...model.pages.values()].filter((p) => typeof p.frontmatter['openapi'] === 'string');
    expect(openapiPages.length).toBe(116);
    const unresolved = model.problems.filter((p) => p.code === 'missing-operation').map((p) => p.file);
    expect(unresolved.sort()).toEqual(openapiPages.map((p) => p.file).sort());
    expect(config.redirects.length).toBe(81);
    expect(model.redirects.length).toBe(77);
    expect(model.problems.filter((p) => p.code === 'invalid-redirect').map((p) => p.keyPath)).toEqual([
      'redirects[15].source',
      'redirects[21].source',
      'redirects[26].source',
      'redirects[50].source',
    ]);
    // The API tab's spec is a URL: one remote-spec problem says to run `offprint pack`.
    expect(model.problems.filter((p) => p.code === 'remote-spec').map((p) => p.keyPath)).toEqual([
      'navigation.tabs[5].openapi',
    ]);
    // Its page actions ask for online AI tools too: one notice names them as left out.
    expect(model.problems.filter((p) => p.code === 'unsupported-config').map((p) => p.keyPath)).toEqual([
      'contextual.options',
    ]);
    expect(model.problems.length).toBe(216 + 116 + 4 + 1 + 5 + 1);
  });

  it('reports the 5 redirects whose destination page the project lacks, and no page link', () => {
    expect(model.problems.filter((p) => p.code === 'broken-link').map((p) => [p.keyPath, p.message])).toEqual([
      ['redirects[1].destination', '"/platform/templates/handlebars-helpers": no page or file at this path'],
      ['redirects[2].destination', '"/platform/templates/layouts": no page or file at this path'],
      ['redirects[5].destination', '"/platform/integrations/segment": no page or file at this path'],
      ['redirects[8].destination', '"/community/data-migrations": no page or file at this path'],
      ['redirects[13].destination', '"/community/code-structure": no page or file at this path'],
    ]);
  });
});
