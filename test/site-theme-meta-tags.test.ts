/**
 * One meta tag per key in a page's head: `seo.metatags` in docs.json replaces the tag Offprint would
 * generate (Mintlify's metatags override it), and a page's own `og:*` frontmatter replaces both. Herald's
 * pages carried `og:site_name` twice, the generated "Herald" first, where crawlers read it.
 */
import { parse } from 'node-html-parser';
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { renderSite } from './helpers/themeSite.js';

it('keeps one tag per key: the page over the site, the site over the generated one', async () => {
  const site = await renderSite(
    writeProject({
      'docs.json': docsJson({
        name: 'Herald',
        navigation: { pages: ['intro', 'own'] },
        seo: { metatags: { 'og:site_name': 'Herald Docs', 'og:type': 'article', 'twitter:card': 'summary' } },
      }),
      'intro.mdx': '---\ntitle: Introduction\n---\n\nHello.\n',
      'own.mdx': '---\ntitle: Own\nog:site_name: Own Name\ntwitter:card: summary_large_image\n---\n\nHello.\n',
    }),
  );
  const tags = (url: string, key: string): string[] => {
    const head = parse(site.pages.get(url)?.html ?? '').querySelector('head');
    return (head?.querySelectorAll(`meta[property="${key}"], meta[name="${key}"]`) ?? []).map(
      (meta) => meta.getAttribute('content') ?? '',
    );
  };
  expect(tags('/intro', 'og:site_name')).toEqual(['Herald Docs']);
  expect(tags('/intro', 'og:type')).toEqual(['article']);
  expect(tags('/intro', 'og:title')).toEqual(['Introduction']);
  expect(tags('/intro', 'twitter:card')).toEqual(['summary']);
  expect(tags('/own', 'og:site_name')).toEqual(['Own Name']);
  expect(tags('/own', 'twitter:card')).toEqual(['summary_large_image']);
});
