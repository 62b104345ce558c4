/** Heading anchors: Mintlify's slug rules, page-wide duplicate numbering, {#custom-id}, and the TOC. */
import { describe, expect, it } from 'vitest';
import { slugify } from '../server/sites/render/index.js';
import { render } from './fixtures/render/harness.js';

describe('slugify', () => {
  // GitHub's slugs (github-slugger), which Mintlify makes: punctuation and symbols go, spaces become `-`.
  it.each([
    ['Getting Started', 'getting-started'],
    ['1. Connect to a warehouse', '1-connect-to-a-warehouse'],
    ['Click here to get started.', 'click-here-to-get-started'],
    ['Step 1: Install', 'step-1-install'],
    ["What's next?", 'whats-next'],
    ['Fees & billing', 'fees--billing'],
    ['Client/Server setup', 'clientserver-setup'],
    ['Version 1.2.3', 'version-123'],
    ['Call foo() now', 'call-foo-now'],
    ['camelCaseName', 'camelcasename'],
    ['snake_case name', 'snake_case-name'],
    ['Use `code`: yes!', 'use-code-yes'],
    ['🎉 Launch', '-launch'],
    ['Ünïcode Straße', 'ünïcode-straße'],
    ['Привет, мир', 'привет-мир'],
    ['日本語の見出し', '日本語の見出し'],
  ])('%s -> %s', (text, id) => {
    expect(slugify(text)).toBe(id);
  });
});

describe('heading ids', () => {
  it('numbers duplicates page-wide, including headings inside components and snippets', async () => {
    const page = await render(
      [
        "import Inner from '/snippets/nested/inner.mdx'",
        '## Setup',
        '<Accordion title="Details">\n\n### Setup\n\n</Accordion>',
        '<Steps>\n  <Step title="Setup">x</Step>\n</Steps>',
        '## Snippet heading',
        '<Inner />',
      ].join('\n\n'),
    );
    expect(page.dom.querySelectorAll('h2, h3, .op-step').map((h) => h.id)).toEqual([
      'setup',
      'setup-1',
      'setup-2',
      'snippet-heading',
      'snippet-heading-1',
    ]);
    expect(page.headings).toEqual([
      { depth: 2, id: 'setup', text: 'Setup' },
      { depth: 3, id: 'setup-1', text: 'Setup' },
      { depth: 3, id: 'setup-2', text: 'Setup' },
      { depth: 2, id: 'snippet-heading', text: 'Snippet heading' },
      { depth: 2, id: 'snippet-heading-1', text: 'Snippet heading' },
    ]);
  });

  it('uses {#custom-id} as written and removes it from the heading text', async () => {
    const page = await render('## My section {#my-anchor}\n\n### Config options {#config}\n\n##### Deep {#deep}');
    expect(page.dom.querySelectorAll('h2, h3, h5').map((h) => [h.id, h.text])).toEqual([
      ['my-anchor', 'My section'],
      ['config', 'Config options'],
      ['deep', 'Deep'],
    ]);
    expect(page.headings.map((h) => h.id)).toEqual(['my-anchor', 'config']);
  });

  it('does not treat {#id} inside code as a heading id', async () => {
    const page = await render('```md\n## Title {#kept}\n```');
    expect(page.dom.querySelector('pre')?.text).toBe('## Title {#kept}');
  });

  it('puts h2/h3 in the TOC (text without markup) but not h4, and keeps a suffix unique against literal ids', async () => {
    const page = await render('## Intro\n\n## Intro 1\n\n## Intro\n\n#### Deep\n\n### With `code` and **bold**');
    expect(page.headings).toEqual([
      { depth: 2, id: 'intro', text: 'Intro' },
      { depth: 2, id: 'intro-1', text: 'Intro 1' },
      { depth: 2, id: 'intro-2', text: 'Intro' },
      { depth: 3, id: 'with-code-and-bold', text: 'With code and bold' },
    ]);
    expect(page.dom.querySelector('h4')?.id).toBe('deep');
  });

  it('adds Update labels to the TOC and leaves noAnchor steps out', async () => {
    const page = await render(
      '<Update label="March 2025">a</Update>\n\n<Steps>\n  <Step title="Hidden" noAnchor>b</Step>\n</Steps>',
    );
    expect(page.headings).toEqual([{ depth: 2, id: 'march-2025', text: 'March 2025' }]);
    expect(page.dom.querySelector('.op-step-anchor')).toBeNull();
  });
});
