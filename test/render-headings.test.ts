/** Heading anchors: Mintlify's slug rules, page-wide duplicate numbering (-2, -3), {#custom-id}, and the TOC. */
import { describe, expect, it } from 'vitest';
import { slugify } from '../server/sites/render/index.js';
import { one, render } from './fixtures/render/harness.js';

describe('slugify', () => {
  // Ids Mintlify rendered for these headings, as found in real projects.
  it.each([
    // lancedb/docs docs/tables/index.mdx at 0add17dc (PR #353: ids read back from a `mint export` bundle).
    ["What's next?", 'what’s-next'],
    ['What about vector indexes?', 'what-about-vector-indexes'],
    ['Option 1: Direct table access', 'option-1-direct-table-access'],
    ['Create a table and ingest data', 'create-a-table-and-ingest-data'],
    // mintlify/docs issue #5537 (the deployed page's id).
    ['Step 1: Issue a proxy secret', 'step-1-issue-a-proxy-secret'],
    // mintlify/docs PR #6658, create/text.mdx "Automatic anchor IDs" (quoted in MCPJam/inspector PR #4369).
    ['Fees & billing', 'fees-&-billing'],
    // pipecat-ai/docs links to `#per-tool-options-with-@tool_options`.
    ['Per-tool options with @tool_options', 'per-tool-options-with-@tool_options'],
    // Comfy-Org/docs .github/scripts/check-anchors.py (checked against docs.comfy.org).
    ['Including .js files', 'including-js-files'],
    ['VALIDATE_INPUTS', 'validate_inputs'],
    // Comfy-Org/docs PR #1412 and langgenius/dify-docs PRs #833/#834: CJK and full-width punctuation stay.
    ['並列実行（同時ジョブ）', '並列実行（同時ジョブ）'],
    ['示例：内容审核工作流', '示例：内容审核工作流'],
    ['例：コンテンツレビューワークフロー', '例：コンテンツレビューワークフロー'],
    // novu-docs platform/inbox/prepare-for-production.mdx, linked as such by its authors.
    ['2. Generate HMAC hash on the server side', '2-generate-hmac-hash-on-the-server-side'],
  ])('%s -> %s', (text, id) => {
    expect(slugify(text)).toBe(id);
  });

  // Mintlify's documented rules (PR #6658) where no rendered pair was found: `/` stays, `.` becomes `-`,
  // parentheses go, letters of any script stay lower-cased.
  it.each([
    ['Getting Started', 'getting-started'],
    ['Client/Server setup', 'client/server-setup'],
    ['Version 1.2.3', 'version-1-2-3'],
    ['Call foo() now', 'call-foo-now'],
    ["Don't panic", 'don’t-panic'],
    ['Ünïcode Straße', 'ünïcode-straße'],
    ['Привет, мир', 'привет-мир'],
    ['  Trimmed  ', 'trimmed'],
  ])('%s -> %s (documented rule)', (text, id) => {
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
        '<Steps titleSize="h3">\n  <Step title="Setup">x</Step>\n</Steps>',
        '## Snippet heading',
        '<Inner />',
      ].join('\n\n'),
    );
    expect(page.dom.querySelectorAll('.op-heading, .op-step').map((h) => h.id)).toEqual([
      'setup',
      'setup-2',
      'setup-3',
      'snippet-heading',
      'snippet-heading-2',
    ]);
    expect(page.headings).toEqual([
      { depth: 2, id: 'setup', text: 'Setup' },
      { depth: 3, id: 'setup-3', text: 'Setup' },
      { depth: 2, id: 'snippet-heading', text: 'Snippet heading' },
      { depth: 2, id: 'snippet-heading-2', text: 'Snippet heading' },
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
    const page = await render('## Intro\n\n## Intro 2\n\n## Intro\n\n#### Deep\n\n### With `code` and **bold**');
    expect(page.headings).toEqual([
      { depth: 2, id: 'intro', text: 'Intro' },
      { depth: 2, id: 'intro-2', text: 'Intro 2' },
      { depth: 2, id: 'intro-3', text: 'Intro' },
      { depth: 3, id: 'with-code-and-bold', text: 'With code and bold' },
    ]);
    expect(page.dom.querySelector('h4')?.id).toBe('deep');
  });

  // Mintlify's table of contents takes h1 as well and puts it on the top level with h2 (its TOC plugin:
  // `level <= 2` is the top layer). Real projects write `#` section headings in the body (firecrawl-docs'
  // features pages did); leaving them out left the TOC without the page's main sections.
  it('puts an h1 written in the body in the TOC, on the top level with h2', async () => {
    const page = await render('# Scraping\n\n## Usage\n\n### Python\n\n# Formats\n\n## Markdown');
    expect(page.headings).toEqual([
      { depth: 2, id: 'scraping', text: 'Scraping' },
      { depth: 2, id: 'usage', text: 'Usage' },
      { depth: 3, id: 'python', text: 'Python' },
      { depth: 2, id: 'formats', text: 'Formats' },
      { depth: 2, id: 'markdown', text: 'Markdown' },
    ]);
  });

  // Mintlify's contents come from the page's own headings (remarkExtractTableOfContents); the footnotes'
  // "Footnotes" label is added later by remark-gfm, visually hidden (sr-only), so it is in neither.
  it('leaves the footnotes label, and any visually hidden heading, out of the TOC', async () => {
    const page = await render(
      '## Setup\n\nSee the note[^1].\n\n<h2 className="sr-only">Hidden</h2>\n\n[^1]: The footnote.',
    );
    expect(page.headings).toEqual([{ depth: 2, id: 'setup', text: 'Setup' }]);
    const label = one(page.dom, 'section.footnotes h2');
    expect(label.id).toBe('footnote-label');
    expect(label.classList.contains('sr-only')).toBe(true);
  });

  // Mintlify's remarkExtractTableOfContents lists a step only when its title is an h2 or h3 (its own
  // titleSize or its Steps'); by default steps.tsx draws the title as a bold <p>, no heading.
  it("lists a Step's title in the TOC only when its titleSize, or its group's, is h2 or h3", async () => {
    const page = await render(
      [
        '<Steps>\n  <Step title="Plain">a</Step>\n  <Step title="Big" titleSize="h2">b</Step>\n  <Step title="Small" titleSize="h4">c</Step>\n</Steps>',
        '<Steps titleSize="h3">\n  <Step title="Inherited">d</Step>\n</Steps>',
      ].join('\n\n'),
    );
    expect(page.headings).toEqual([
      { depth: 2, id: 'big', text: 'Big' },
      { depth: 3, id: 'inherited', text: 'Inherited' },
    ]);
    expect(page.dom.querySelectorAll('.op-step').map((s) => s.id)).toEqual(['plain', 'big', 'small', 'inherited']);
  });

  // Mintlify's remarkExtractTableOfContents skips everything inside these components (their ids stay).
  it('leaves headings and titled steps inside an Accordion, Expandable, Update or Prompt out of the TOC', async () => {
    const page = await render(
      [
        '## Shown',
        '<AccordionGroup>\n<Accordion title="Acc">\n\n## In accordion\n\n<Steps titleSize="h2">\n<Step title="Step in accordion">x</Step>\n</Steps>\n\n</Accordion>\n</AccordionGroup>',
        '<Expandable title="more">\n\n### In expandable\n\n</Expandable>',
        '<Update label="v1">\n\n## In update\n\n</Update>',
        '<Prompt description="Ask">\n\n## In prompt\n\n</Prompt>',
        '### Shown too',
      ].join('\n\n'),
    );
    expect(page.headings.map((h) => h.text)).toEqual(['Shown', 'v1', 'Shown too']);
    expect(page.dom.querySelector('h2#in-accordion')).not.toBeNull();
    expect(page.dom.querySelector('h3#in-expandable')).not.toBeNull();
  });

  it('adds Update labels to the TOC and leaves noAnchor steps out', async () => {
    const page = await render(
      '<Update label="March 2025">a</Update>\n\n<Steps>\n  <Step title="Hidden" noAnchor>b</Step>\n</Steps>',
    );
    expect(page.headings).toEqual([{ depth: 2, id: 'march-2025', text: 'March 2025' }]);
    expect(page.dom.querySelector('.op-step-anchor')).toBeNull();
  });
});

describe('GitHub-style aliases', () => {
  it('marks a heading whose id differs from GitHub’s with that id, numbered GitHub’s way', async () => {
    const page = await render("## Fees & billing\n\n## What's next?\n\n## Setup\n\n## Setup\n\n## Plain");
    expect(
      page.dom.querySelectorAll('h2').map((h) => [h.getAttribute('id'), h.getAttribute('data-op-alias') ?? null]),
    ).toEqual([
      ['fees-&-billing', 'fees--billing'],
      ['what’s-next', 'whats-next'],
      ['setup', null],
      ['setup-2', 'setup-1'],
      ['plain', null],
    ]);
  });

  it('keeps a derived id off an id the author wrote', async () => {
    const page = await render('## First {#setup}\n\n## Setup');
    expect(page.dom.querySelectorAll('h2').map((h) => h.id)).toEqual(['setup', 'setup-2']);
  });
});

describe('headings inside links', () => {
  // 0xsequence/docs home.mdx: link cards written as <a className="card"> holding an <h2>. An anchor link
  // inside them would be an <a> in an <a>, which the browser's parser splits into two links, spilling the
  // card's text out of its box.
  it('gives a heading inside a link no anchor link of its own, keeping its id', async () => {
    const page = await render(
      '<a className="card" href="/start">\n  <h2 className="mt-4">Get Started</h2>\n</a>\n\n## Outside',
    );
    const card = one(page.dom, 'a.card');
    expect(card.querySelector('h2')?.id).toBe('get-started');
    expect(card.querySelectorAll('a')).toHaveLength(0);
    expect(one(page.dom, 'h2#outside').querySelector('a.op-heading-anchor')).not.toBeNull();
  });
});
