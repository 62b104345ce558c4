/**
 * Changelog feeds (frontmatter `rss: true`): the page links its feed (a button beside the title, an
 * alternate link in the head), and `<page-url>/rss.xml` is an RSS 2.0 document with one item per
 * `<Update>`: its label (or `rss.title`) as title, a link to its anchor, its date when the label is one,
 * its tags, and its body with absolute links. Pages without the flag have no feed.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { labelDate } from '../server/sites/theme/feed.js';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const CHANGELOG = `---
title: Changelog
description: What changed in Acme.
rss: true
---

<Update label="2024-10-12" description="v2.1" tags={["Feature", "Fix"]}>
  Search got **faster**. See [the guide](/guides/search) and ![chart](/images/chart.png).
</Update>

<Update label="September 3, 2024" rss={{ title: "Version 2.0 is out", description: "A new dashboard." }}>
  A new dashboard & a few fixes ]]> done.
</Update>

<Update label="Earlier">
  The first release.
</Update>
`;

let s: SiteServe;
beforeAll(async () => {
  const source = writeProject({
    'docs.json': docsJson({ name: 'Acme', navigation: { pages: ['index', 'changelog', 'guides/search'] } }),
    'index.mdx': '---\ntitle: Home\n---\n\nWelcome.\n',
    'changelog.mdx': CHANGELOG,
    'guides/search.mdx': '---\ntitle: Search\nrss: false\n---\n\n<Update label="v1">Not a feed.</Update>\n',
    'images/chart.png': Buffer.from('89504e470d0a1a0a', 'hex'),
  });
  s = await startSiteServe({ source });
});
afterAll(async () => {
  await s.close();
});

/** Text of each element named `tag` under `parent`. */
function texts(parent: Element, tag: string): string[] {
  return Array.from(parent.getElementsByTagName(tag)).map((el) => el.textContent ?? '');
}

describe('changelog feeds', () => {
  it('serves one RSS item per Update, with the title, link, date, tags and body a reader needs', async () => {
    const res = await s.site('/changelog/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const xml = await res.text();
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const channel = doc.getElementsByTagName('channel')[0];
    if (channel === undefined) throw new Error(`no channel in ${xml}`);
    expect(texts(channel, 'title')[0]).toBe('Changelog - Acme');
    expect(texts(channel, 'link')[0]).toBe(`${s.siteUrl}/changelog`);
    expect(texts(channel, 'description')[0]).toBe('What changed in Acme.');
    const items = Array.from(channel.getElementsByTagName('item'));
    expect(items.map((item) => texts(item, 'title')[0])).toEqual(['2024-10-12', 'Version 2.0 is out', 'Earlier']);
    const [first, second, third] = items as [Element, Element, Element];
    expect(texts(first, 'link')[0]).toMatch(new RegExp(`^${s.siteUrl}/changelog#2024-10-12$`));
    expect(texts(first, 'pubDate')).toEqual(['Sat, 12 Oct 2024 00:00:00 GMT']);
    expect(texts(first, 'category')).toEqual(['Feature', 'Fix']);
    expect(texts(first, 'description')).toEqual(['v2.1']);
    const body = texts(first, 'content:encoded')[0] ?? '';
    expect(body).toContain('<strong>faster</strong>');
    expect(body).toContain(`href="${s.siteUrl}/guides/search"`);
    expect(body).toContain(`src="${s.siteUrl}/images/chart.png"`);
    expect(texts(second, 'pubDate')).toEqual(['Tue, 03 Sep 2024 00:00:00 GMT']);
    expect(texts(second, 'description')).toEqual(['A new dashboard.']);
    // A "]]>" in an entry does not end its CDATA section early: the body reads back whole.
    expect(texts(second, 'content:encoded')[0]).toContain('A new dashboard &amp; a few fixes ]]&gt; done.');
    // A label that is no date gives no pubDate; its body is its description.
    expect(texts(third, 'pubDate')).toEqual([]);
    expect(texts(third, 'description')).toEqual(['The first release.']);
  });

  it('links the feed from its page: a button beside the title and an alternate link in the head', async () => {
    const html = await (await s.site('/changelog')).text();
    expect(html).toMatch(/<a class="op-rss" href="\/changelog\/rss.xml" title="RSS feed">/);
    expect(html).toContain(
      '<link rel="alternate" type="application/rss+xml" title="Changelog - Acme" href="/changelog/rss.xml">',
    );
  });

  it('has no feed for a page without rss: true, nor for a page that does not exist', async () => {
    expect((await s.site('/guides/search/rss.xml')).status).toBe(404);
    expect((await s.site('/nothing/rss.xml')).status).toBe(404);
    const html = await (await s.site('/guides/search')).text();
    expect(html).not.toContain('op-rss');
    expect(html).not.toContain('application/rss+xml');
  });
});

describe('dates of changelog labels', () => {
  it.each([
    ['2024-10-12', '2024-10-12'],
    ['October 12, 2024', '2024-10-12'],
    ['Oct 12th 2024', '2024-10-12'],
    ['12 October 2024', '2024-10-12'],
    ['March 2024', '2024-03-01'],
  ])('reads "%s" as %s (UTC, whatever the time zone)', (label, day) => {
    expect(labelDate(label)?.toISOString().slice(0, 10)).toBe(day);
  });

  it.each(['v2.1', 'February 30, 2024', 'Smarch 3, 2024', '2024-13-01', ''])('reads no date in "%s"', (label) => {
    expect(labelDate(label)).toBeNull();
  });
});
