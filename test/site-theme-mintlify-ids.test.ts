/**
 * Mintlify's documented identifiers for custom CSS (`#content-area`, `#table-of-contents` with its items'
 * `data-depth`). Projects style their pages through them: the Model Context Protocol's style.css numbers
 * its specification's sections with `#content-area h2[id]::before` and `#table-of-contents li[data-depth="0"]`.
 */
import { parse } from 'node-html-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite, type RenderedSite } from './helpers/themeSite.js';

let site: RenderedSite;

beforeAll(async () => {
  site = await renderSite(
    writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'readme'] } }),
      'index.mdx': '---\ntitle: Spec\n---\n\n## Overview\n\nText.\n\n### Details\n\nMore.\n\n#### Deep\n\nDeeper.\n',
      'readme.mdx': '---\ntitle: Readme\n---\n\n## Table of contents\n\nList.\n\n## Usage\n\nText.\n',
      'style.css': '#content-area h2[id]::before { content: "1. "; }\n',
    }),
  );
});

function page(url: string): ReturnType<typeof parse> {
  const found = site.pages.get(url);
  if (!found) throw new Error(`no page at ${url}`);
  return parse(found.html);
}

describe("Mintlify's identifiers", () => {
  it('names the content column #content-area, holding the page title and its headings', () => {
    const area = page('/').querySelector('#content-area');
    expect(area?.querySelector('h1')?.textContent).toBe('Spec');
    expect(area?.querySelectorAll('h2[id]').map((h) => h.textContent.trim())).toEqual(['Overview']);
  });

  it('names the "On this page" list #table-of-contents, its items carrying their depth from 0 (h2)', () => {
    const items = page('/').querySelectorAll('#table-of-contents li');
    expect(items.map((li) => [li.textContent.trim(), li.getAttribute('data-depth')])).toEqual([
      ['Overview', '0'],
      ['Details', '1'],
    ]);
  });

  it('leaves an id a heading of the page already has to the heading', () => {
    const root = page('/readme');
    expect(root.querySelectorAll('#table-of-contents').map((e) => e.tagName)).toEqual(['H2']);
    expect(root.querySelector('.op-toc li')?.getAttribute('data-depth')).toBe('0');
  });
});
