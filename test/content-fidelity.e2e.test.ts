/**
 * Issue 11's content check: for every page of the novu fixture, the words of its source (prose and
 * code, without markup) are compared with the words of the page as the server renders it
 * (test/helpers/contentCompare.ts); the worst pages are printed with their word coverage, and every
 * page must reach the floor below.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { closeRenderSandbox } from '../server/sites/sandbox/shared.js';
import { compareSite, coverage } from './helpers/contentCompare.js';
import { needsNovu } from './helpers/needs.js';
import { NOVU } from './helpers/siteProjects.js';

afterAll(() => closeRenderSandbox());

/**
 * The lowest word coverage any novu page may have. Measured (2026-11): 99.96% of all words; 399 of 403
 * pages at 99.9% or more; the lowest three (91.3%, 98.2%, 98.7%: react/hooks/subscription, use-schedule,
 * use-preferences) lose table cells by GFM's own rule, as on Mintlify: a `|` inside inline code
 * (`` `NovuError | undefined` ``) still splits a table cell, and a row's cells beyond the header's
 * count are dropped. 0.9 keeps those and fails any page that loses a tenth of its words.
 */
const FLOOR = 0.9;

describe('word coverage', () => {
  it('counts prose and code, not markup, and finds what a render lost', () => {
    const source = [
      '---',
      'title: Ignored',
      '---',
      "import Tip from '/snippets/tip.mdx';",
      '',
      '## Setup {#setup-id}',
      '',
      '<Card title="Not content" href="/x">Read the [guide](/guides/a) and ![shot](/a.png)</Card>',
      '',
      '1. `npm`then',
      '',
      '```bash title="ignored"',
      'npm install offprint',
      '```',
    ].join('\n');
    const all = 'Setup Read the guide and npmthen npm install offprint';
    expect(coverage('a.mdx', source, all).ratio).toBe(1);
    const lost = coverage('a.mdx', source, 'Setup Read the guide and npmthen');
    expect(lost.ratio).toBeCloseTo(6 / 9);
    expect(lost.lost).toEqual(['npm', 'install', 'offprint']);
  });
});

needsNovu().describe('novu: the content of every page is there', () => {
  needsNovu().it(
    'every page keeps its words',
    async () => {
      const pages = await compareSite(loadSiteProject(NOVU), NOVU);
      const worst = [...pages].sort((a, b) => a.ratio - b.ratio).slice(0, 10);
      const total = pages.reduce((sum, p) => sum + p.sourceWords, 0);
      const mean = pages.reduce((sum, p) => sum + p.ratio * p.sourceWords, 0) / total;
      console.info(
        `novu: ${pages.length} pages, ${total} source words, weighted coverage ${(mean * 100).toFixed(2)}%\n` +
          worst
            .map(
              (p) => `  ${(p.ratio * 100).toFixed(1)}%  ${p.file} (${p.sourceWords} words; lost: ${p.lost.join(' ')})`,
            )
            .join('\n'),
      );
      expect(pages.length).toBeGreaterThan(250);
      expect(worst.filter((p) => p.ratio < FLOOR)).toEqual([]);
    },
    600_000,
  );
});
