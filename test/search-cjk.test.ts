/**
 * Chinese and Japanese write words without spaces between them, so a whole clause was one index term and
 * a word inside it ("部署", deploy) found nothing: Dify's 简体中文 pages answered only a query that began a
 * clause. Runs of Han, Hiragana and Katakana are indexed and queried as overlapping two-character terms
 * (as search engines' CJK analysers do), and the snippet highlights such a term wherever it stands.
 */
import { describe, expect, it } from 'vitest';
import { searchTokens } from '../server/sites/theme/searchFormat.js';
import { memoryShards, searchOver } from './helpers/searchShards.js';

const DOCS = [
  { u: '/zh/cloud', t: '云服务', x: 'Dify 为所有人提供了云服务，你无需自己部署即可使用 Dify 的完整功能。' },
  { u: '/zh/intro', t: '产品简介', x: 'Dify 是一款开源的大语言模型应用开发平台。' },
  { u: '/ja/intro', t: 'Difyとは', x: 'Dify はオープンソースのLLMアプリ開発プラットフォームです。' },
  { u: '/en/cloud', t: 'Dify Cloud', x: 'Deploy nothing yourself: use the cloud service.' },
];

describe('search over Chinese and Japanese text', () => {
  it('splits a run of CJK characters into overlapping pairs and keeps other words whole', () => {
    expect(searchTokens('自己部署 Dify')).toEqual(['自己', '己部', '部署', 'dify']);
    expect(searchTokens('云')).toEqual(['云']);
    expect(searchTokens('LLMアプリ')).toEqual(['llm', 'アプ', 'プリ']);
  });

  it('pairs characters, not UTF-16 halves, beyond the Basic Multilingual Plane', () => {
    // 𠮷 (U+20BB7) is one character written as two UTF-16 units.
    expect(searchTokens('𠮷野家')).toEqual(['𠮷野', '野家']);
    expect(searchTokens('𠮷')).toEqual(['𠮷']);
  });

  it('finds a word inside a clause, and highlights it in the snippet', async () => {
    const { engine } = searchOver(await memoryShards(DOCS));
    const deploy = await engine.search('部署');
    expect(deploy.map((hit) => hit.url)).toEqual(['/zh/cloud']);
    const hit = deploy[0];
    expect(hit?.marks.length).toBeGreaterThan(0);
    const [start, end] = hit?.marks[0] ?? [0, 0];
    expect(hit?.snippet.slice(start, end)).toBe('部署');
    expect((await engine.search('开源')).map((h) => h.url)).toEqual(['/zh/intro']);
    expect((await engine.search('アプリ')).map((h) => h.url)).toEqual(['/ja/intro']);
    expect((await engine.search('云服务'))[0]?.url).toBe('/zh/cloud');
  });

  it('keeps the match in a snippet cut from deep in a long Chinese text', async () => {
    const long = `${'平台'.repeat(60)}，使用 Dify ${'应用'.repeat(40)}自己部署${'模型'.repeat(30)} 结束`;
    const early = `前言 ${'应用'.repeat(10)}部署${'模型'.repeat(200)}`;
    const docs = [
      { u: '/zh/long', t: '长页面', x: long },
      { u: '/zh/early', t: '短', x: early },
    ];
    const hits = await searchOver(await memoryShards(docs)).engine.search('部署');
    expect(hits).toHaveLength(2);
    for (const hit of hits) {
      const [start, end] = hit.marks[0] ?? [0, 0];
      expect(hit.snippet.slice(start, end)).toBe('部署');
    }
  });

  it('still finds English words by prefix', async () => {
    const { engine } = searchOver(await memoryShards(DOCS));
    expect((await engine.search('deplo')).map((h) => h.url)).toEqual(['/en/cloud']);
  });
});
