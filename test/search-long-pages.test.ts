/**
 * Search on long pages, from the ollama FAQ (18 KB): a word first written 9,400 characters in is found
 * (only its headings were, the body being cut at 8,000), while the index still ships at most
 * MAX_TEXT characters of each page; and a result points at the heading that holds the query's words as
 * words (`num` of `num_ctx` is not in "maximum number"), a word rare in the page counting more than the
 * product's name on every line of it.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, searchRecord } from '../server/sites/search/build.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import type { SearchDoc } from '../server/sites/theme/searchFormat.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { memoryShards, searchOver } from './helpers/searchShards.js';

const FILLER = 'Ollama runs models on your machine and serves them to your apps. '.repeat(150);

function faqRecord(): SearchDoc {
  const site = loadSiteProject(
    writeProject({ 'docs.json': docsJson({ navigation: { pages: ['faq'] } }), 'faq.mdx': '# FAQ\n' }),
  );
  const page = [...site.pages.values()].find((p) => p.url === '/faq');
  if (page === undefined) throw new Error('no FAQ page');
  const text = `${FILLER} Set keep_alive to keep a model loaded. The context size is num_ctx.`;
  const record = searchRecord(site, {
    page,
    rendered: {
      text,
      headings: [
        { id: 'upgrade', text: 'How can I upgrade Ollama?', depth: 2 },
        { id: 'queue', text: 'How do I manage the maximum number of requests?', depth: 2 },
        { id: 'keep', text: 'How do I keep a model loaded in memory?', depth: 2 },
      ],
    },
  });
  if (record === null) throw new Error('the FAQ is not searchable');
  return record;
}

describe('a long page in search', () => {
  it('is found by a word past the text it ships, which stays capped', async () => {
    const record = faqRecord();
    expect(record.x.length).toBeLessThanOrEqual(MAX_TEXT);
    expect(record.x).not.toContain('keep_alive');
    const files = await memoryShards([record, { u: '/other', t: 'Other', x: 'Nothing to see.' }]);
    const hits = await searchOver(files).engine.search('keep_alive');
    expect(hits.map((hit) => hit.url.split('#')[0])).toEqual(['/faq']);
    const chunks = [...files].filter(([name]) => name.startsWith('d')).map(([, text]) => text);
    expect(chunks.join('')).not.toContain('keep_alive');
  });

  it('points at the heading holding the words as words, rare ones first, or at none', async () => {
    const { engine } = searchOver(await memoryShards([faqRecord()]));
    const [keep] = await engine.search('OLLAMA_KEEP_ALIVE');
    expect(keep?.url).toBe('/faq#keep');
    const [ctx] = await engine.search('num_ctx');
    expect(ctx?.url).toBe('/faq');
    const [typing] = await engine.search('maximum num');
    expect(typing?.url).toBe('/faq#queue');
  });
});
