/**
 * A language's root on the live site (`/ja`, `/en/`: the folder its pages share, no page of its own)
 * leads to that language's first page, as `/` leads to the default language's. It led to `/`, the
 * default language's home: a reader typing `/ja` landed on Chinese pages (CowAgent's docs).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteServe, type SiteServe } from './helpers/siteServe.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const page = (title: string): string => `---\ntitle: ${title}\n---\n\n${title}.\n`;

let s: SiteServe;
beforeAll(async () => {
  const language = (code: string, prefix: string): object => ({
    language: code,
    groups: [{ group: 'Intro', pages: [`${prefix}intro/index`, `${prefix}intro/features`] }],
  });
  s = await startSiteServe({
    source: writeProject({
      'docs.json': docsJson({
        navigation: { languages: [language('cn', ''), language('en', 'en/'), language('jp', 'ja/')] },
      }),
      'intro/index.mdx': page('简介'),
      'intro/features.mdx': page('功能'),
      'en/intro/index.mdx': page('Introduction'),
      'en/intro/features.mdx': page('Features'),
      'ja/intro/index.mdx': page('はじめに'),
      'ja/intro/features.mdx': page('機能'),
    }),
  });
});
afterAll(async () => {
  await s.close();
});

const sentTo = async (path: string): Promise<[number, string | null]> => {
  const res = await s.site(path);
  return [res.status, res.headers.get('location')];
};

describe("a language's root on the live site", () => {
  it("leads to that language's first page, with or without its slash, in any case", async () => {
    expect(await sentTo('/ja')).toEqual([307, '/ja/intro/index']);
    expect(await sentTo('/en/')).toEqual([307, '/en/intro/index']);
    expect(await sentTo('/EN')).toEqual([307, '/en/intro/index']);
  });

  it('leaves `/` to the default language and other misses to the 404 rule', async () => {
    expect(await sentTo('/')).toEqual([307, '/intro/index']);
    expect(await sentTo('/en/nope')).toEqual([307, '/']);
    expect((await s.site('/ja/intro/index')).status).toBe(200);
  });
});
