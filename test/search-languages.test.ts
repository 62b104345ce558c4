/**
 * On a site with `navigation.languages`, search keeps to the reader's language, as Mintlify's does: a
 * reader of the Japanese pages searching "Deep Dream" got the English and Chinese pages first (CowAgent's
 * docs), and a reader of the English pages searching a Chinese word got only Chinese pages. Each search
 * record names its page's language (as `<html lang>` says it), the manifest keeps them as runs of doc ids,
 * and the engine leaves out other languages' pages before it ranks, so a page of the reader's language
 * with every word comes first. Sites without languages, and searches that name none, are unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { SearchDoc, SearchManifest } from '../server/sites/theme/searchFormat.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { memoryShards, searchOver } from './helpers/searchShards.js';
import { renderSite } from './helpers/themeSite.js';

const page = (title: string, body: string): string => `---\ntitle: ${title}\n---\n\n${body}\n`;

/** A site in Chinese (the default, at the root), English (`/en/`) and Japanese (`/ja/`). */
function languagesSite(): string {
  const language = (code: string, prefix: string): object => ({
    language: code,
    groups: [{ group: 'Memory', pages: [`${prefix}memory/deep-dream`, `${prefix}memory/index`] }],
  });
  return writeProject({
    'docs.json': docsJson({
      navigation: { languages: [language('cn', ''), language('en', 'en/'), language('jp', 'ja/')] },
    }),
    'memory/deep-dream.mdx': page('深度梦境', 'Deep Dream 会整理记忆。'),
    'memory/index.mdx': page('记忆', '记忆系统概述。'),
    'en/memory/deep-dream.mdx': page('Deep Dream', 'Deep Dream consolidates memory overnight.'),
    'en/memory/index.mdx': page('Memory', 'An overview of memory, and of Deep Dream.'),
    'ja/memory/deep-dream.mdx': page('ディープドリーム', 'Deep Dream は記憶を整理します。'),
    'ja/memory/index.mdx': page('メモリ', 'メモリの概要。'),
  });
}

describe('search on a site with several languages', () => {
  it("records each page's language as <html lang> says it, as runs of doc ids in the manifest", async () => {
    const site = await renderSite(languagesSite());
    const languages = Object.fromEntries(site.index.docs.map((doc) => [doc.u, doc.l]));
    expect(languages).toEqual({
      '/memory/deep-dream': 'zh-CN',
      '/memory/index': 'zh-CN',
      '/en/memory/deep-dream': 'en',
      '/en/memory/index': 'en',
      '/ja/memory/deep-dream': 'ja',
      '/ja/memory/index': 'ja',
    });
    const files = await memoryShards(site.index.docs);
    const manifest = JSON.parse(files.get('manifest') ?? '{}') as SearchManifest;
    // One run per language: the pages of a language follow each other.
    expect(manifest.languages?.map(([, code]) => code).sort()).toEqual(['en', 'ja', 'zh-CN']);
    expect(manifest.languages?.map(([first]) => first)).toEqual([0, 2, 4]);
    // The doc chunks do not carry it: the manifest says it once.
    expect(files.get('d0')).not.toContain('"l"');
  });

  it("keeps to the reader's language, ranking within it, and finds every language when none is named", async () => {
    const site = await renderSite(languagesSite());
    const { engine } = searchOver(await memoryShards(site.index.docs));
    const urls = async (query: string, language?: string): Promise<string[]> =>
      (await engine.search(query, 12, language)).map((hit) => hit.url.split('#')[0] ?? '');
    expect(await urls('deep dream', 'ja')).toEqual(['/ja/memory/deep-dream']);
    expect(await urls('deep dream', 'en')).toEqual(['/en/memory/deep-dream', '/en/memory/index']);
    expect(await urls('deep dream', 'zh-CN')).toEqual(['/memory/deep-dream']);
    expect(await urls('记忆', 'en')).toEqual([]);
    expect((await urls('deep dream')).length).toBe(4);
  });

  it('leaves sites without languages, and pages of no language, to every reader', async () => {
    const docs: SearchDoc[] = [
      { u: '/a', t: 'Alpha', x: 'shared words' },
      { u: '/fr/b', t: 'Bravo', x: 'shared words', l: 'fr' },
      { u: '/c', t: 'Charlie', x: 'shared words' },
    ];
    const mixed = searchOver(await memoryShards(docs)).engine;
    expect((await mixed.search('shared', 12, 'en')).map((hit) => hit.url)).toEqual(['/a', '/c']);
    expect((await mixed.search('shared', 12, 'fr')).map((hit) => hit.url).sort()).toEqual(['/a', '/c', '/fr/b']);
    const plain = await memoryShards(docs.map(({ u, t, x }) => ({ u, t, x })));
    expect(JSON.parse(plain.get('manifest') ?? '{}')).not.toHaveProperty('languages');
    expect((await searchOver(plain).engine.search('shared', 12, 'en')).length).toBe(3);
  });
});
