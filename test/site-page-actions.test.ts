/**
 * docs.json `contextual.options` as page actions: which options an offline site offers (copy, view, the
 * project's own plain links), in config order, and the notice naming those it leaves out; the menu's
 * markup on the live site and in an export bundle (no Markdown view there).
 */
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { contextualItems } from '../server/sites/project/contextual.js';
import { renderPageActions } from '../server/sites/theme/pageActions.js';

const OPTIONS = [
  'view',
  'chatgpt',
  'copy',
  'claude',
  { title: 'Status', description: 'Service status', href: 'https://status.example.org' },
  { title: 'Ask in Playground', href: 'https://play.example.org/?page=$page' },
  { title: 'Query link', href: { base: 'https://x.example.org', query: [] } },
  { title: 'Run', href: 'javascript:alert(1)' },
  { title: 'Changelog', href: '/changelog' },
  'copy',
  'telepathy',
];

describe('contextual options', () => {
  it('keeps copy, view and plain links in config order, and names what an offline copy leaves out', () => {
    const { items, problems } = contextualItems({ options: OPTIONS }, 'docs.json');
    expect(items).toEqual([
      { kind: 'view' },
      { kind: 'copy' },
      { kind: 'link', title: 'Status', description: 'Service status', href: 'https://status.example.org' },
      { kind: 'link', title: 'Changelog', href: '/changelog' },
    ]);
    expect(problems).toEqual([
      {
        code: 'unsupported-config',
        file: 'docs.json',
        keyPath: 'contextual.options',
        message:
          'chatgpt, claude, "Ask in Playground", "Query link": open the page in an online tool, which an offline copy cannot reach; left out',
      },
      {
        code: 'invalid-config',
        file: 'docs.json',
        keyPath: 'contextual.options',
        message:
          '"Run", telepathy: not a page action Offprint knows (copy, view, or { title, href } linking to a web page or a page of the site); left out',
      },
    ]);
  });

  it('asks for nothing when the config has no options', () => {
    expect(contextualItems(undefined, 'docs.json')).toEqual({ items: [], problems: [] });
    expect(contextualItems({ options: 'copy' }, 'docs.json')).toEqual({ items: [], problems: [] });
  });
});

describe('page actions markup', () => {
  const { items } = contextualItems({ options: OPTIONS }, 'docs.json');
  const markdown = '# Setup <1> & "more"\n\nText 🚀\n';

  it('shows the first action as a button, all of them in a menu, and carries the page Markdown', () => {
    const dom = parse(renderPageActions(items, { markdown, url: '/guides/setup', exported: false }));
    expect(dom.querySelector('.op-page-action-main')?.getAttribute('href')).toBe('/guides/setup.md');
    expect(dom.querySelectorAll('.op-page-action .op-page-action-title').map((t) => t.text)).toEqual([
      'View as Markdown',
      'Copy page',
      'Status',
      'Changelog',
    ]);
    expect(dom.querySelector('.op-page-action[href^="https:"]')?.getAttribute('target')).toBe('_blank');
    expect(dom.querySelector('template#op-page-markdown')?.text).toBe(markdown);
    expect(
      parse(renderPageActions([{ kind: 'view' }], { markdown: undefined, url: '/', exported: false }))
        .querySelector('a')
        ?.getAttribute('href'),
    ).toBe('/index.md');
  });

  it('offers no Markdown view in an export bundle, which has none, and no copy without the Markdown', () => {
    const exported = parse(renderPageActions(items, { markdown, url: '/guides/setup', exported: true }));
    expect(exported.querySelector('.op-page-action-main')?.hasAttribute('data-op-copy-page')).toBe(true);
    expect(exported.querySelectorAll('.op-page-action-title').map((t) => t.text)).toEqual([
      'Copy page',
      'Status',
      'Changelog',
    ]);
    const bare = renderPageActions([{ kind: 'view' }, { kind: 'copy' }], {
      markdown: undefined,
      url: '/a',
      exported: true,
    });
    expect(bare).toBe('');
  });
});
