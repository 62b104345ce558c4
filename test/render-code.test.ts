/** Code fences: meta parsing (Mintlify's rules), highlighting, line decorations, groups, mermaid. */
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { parseFenceMeta } from '../server/sites/render/code/fenceMeta.js';
import type * as Highlight from '../server/sites/render/code/highlight.js';
import { INJECTION_CARRIERS } from '../server/sites/render/code/injections.js';
import { CODE_THEME_CSS } from '../server/sites/render/index.js';
import { one, render, renderFixture, type Rendered } from './fixtures/render/harness.js';

describe('fence meta', () => {
  it('takes every unrecognised word as the title, greedily', () => {
    const meta = parseFenceMeta('java', 'HelloWorld.java example lines icon=java');
    expect(meta).toMatchObject({ lang: 'java', title: 'HelloWorld.java example', lines: true, icon: 'java' });
  });

  it('reads highlight from bare braces, highlight= and a brace glued to the language', () => {
    expect([...parseFenceMeta('js', '{1,3-5}').highlight]).toEqual([1, 3, 4, 5]);
    expect([...parseFenceMeta('js', 'highlight={1-2,5}').highlight]).toEqual([1, 2, 5]);
    expect([...parseFenceMeta('js', 'highlight="4"').highlight]).toEqual([4]);
    expect([...parseFenceMeta('js{2}', 'app.js').highlight]).toEqual([2]);
    expect(parseFenceMeta('js{2}', 'app.js').title).toBe('app.js');
  });

  it('reads focus with or without braces, quoted titles and flags', () => {
    expect([...parseFenceMeta('js', 'focus=2,4,5').focus]).toEqual([2, 4, 5]);
    expect([...parseFenceMeta('js', 'focus={2,4-5}').focus]).toEqual([2, 4, 5]);
    expect(parseFenceMeta('ts', 'title="My file.ts" wrap expandable')).toMatchObject({
      title: 'My file.ts',
      wrap: true,
      expandable: true,
      copy: true,
    });
    expect(parseFenceMeta('ts', "title='single' [expandable]")).toMatchObject({ title: 'single', expandable: true });
  });

  it("keeps a capitalised flag word in the title, as Mintlify's docs title their own examples", () => {
    expect(parseFenceMeta('python', 'Expandable example expandable')).toMatchObject({
      title: 'Expandable example',
      expandable: true,
    });
    expect(parseFenceMeta('mdx', 'Expandable example')).toMatchObject({
      title: 'Expandable example',
      expandable: false,
    });
    expect(parseFenceMeta('javascript', 'Wrap example wrap')).toMatchObject({ title: 'Wrap example', wrap: true });
    expect(parseFenceMeta('ts', 'twoslash Twoslash example').title).toBe('Twoslash example');
    expect(parseFenceMeta('js', 'app.js showLineNumbers')).toMatchObject({ title: 'app.js', lines: true });
  });

  it('reads highlight= and focus= with a space before the braces, as no title word', () => {
    const highlighted = parseFenceMeta('javascript', 'Line highlighting example highlight= {1-2,5}');
    expect(highlighted.title).toBe('Line highlighting example');
    expect([...highlighted.highlight]).toEqual([1, 2, 5]);
    const focused = parseFenceMeta('javascript', 'Line focus example focus= {2,4-5}');
    expect(focused.title).toBe('Line focus example');
    expect([...focused.focus]).toEqual([2, 4, 5]);
    expect(focused.highlight.size).toBe(0);
  });

  it('handles nocopy as a flag, as nocopy="false" and as the language', () => {
    expect(parseFenceMeta('bash', 'Install nocopy')).toMatchObject({ title: 'Install', copy: false });
    expect(parseFenceMeta('bash', 'nocopy="false"').copy).toBe(true);
    expect(parseFenceMeta('nocopy', '')).toMatchObject({ lang: '', copy: false });
  });

  it('keeps attributes it has no use for (Mintlify writes theme={null} into every fence it exports) out of the title', () => {
    expect(parseFenceMeta('toml', 'config.toml theme={null}')).toMatchObject({ title: 'config.toml' });
    expect(parseFenceMeta('bash', ' theme={null}').title).toBe('');
    expect(parseFenceMeta('ts', 'app.ts theme="github-dark" lines')).toMatchObject({ title: 'app.ts', lines: true });
    expect(parseFenceMeta('ts', 'Example custom={1}').title).toBe('Example');
  });

  it('reads mermaid placement and actions', () => {
    expect(parseFenceMeta('mermaid', 'placement="top-left" actions={false}')).toMatchObject({
      placement: 'top-left',
      actions: false,
    });
  });
});

describe('code blocks', () => {
  let page: Rendered;
  beforeAll(async () => {
    page = await renderFixture('code.mdx');
  });

  const blocks = (): ReturnType<Rendered['dom']['querySelectorAll']> => page.dom.querySelectorAll('[data-op-code]');
  const lineClasses = (index: number): string[] =>
    (blocks()[index]?.querySelectorAll('.line') ?? []).map((l) =>
      (l.getAttribute('class') ?? '').replace('line', '').trim(),
    );

  it('shows title, icon, copy and feedback buttons, with data for code feedback', () => {
    const block = blocks()[0];
    expect(block?.getAttribute('data-lang')).toBe('javascript');
    expect(block?.getAttribute('data-filename')).toBe('src/app.js');
    expect(block?.querySelector('.op-code-title')?.text).toBe('src/app.js');
    expect(block?.querySelector('.op-code-icon[data-icon="js"] svg')).toBeTruthy();
    const feedback = block?.querySelector('[data-op-code-feedback]');
    expect(feedback?.getAttribute('data-filename')).toBe('src/app.js');
    expect(feedback?.getAttribute('data-lang')).toBe('javascript');
    expect(block?.querySelector('[data-op-copy]')).toBeTruthy();
    expect(block?.classList.contains('op-code-lines')).toBe(true);
    expect(block?.classList.contains('op-code-wrap')).toBe(true);
  });

  it('highlights tokens through CSS variables, and the theme CSS defines both palettes', () => {
    const pre = one(page.dom, '[data-op-code] pre');
    expect(pre.text).toBe('const a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;');
    expect(pre.innerHTML).toContain('color:var(--op-code-token-keyword)');
    expect(CODE_THEME_CSS).toMatch(/:root \{[^}]*--op-code-token-keyword/);
    expect(CODE_THEME_CSS).toMatch(/html\.dark, \[data-theme="dark"\][^{]*\{[^}]*--op-code-token-keyword/);
  });

  it('marks highlighted, focused/dimmed and diff lines, and strips the diff comments', () => {
    expect(lineClasses(0)).toEqual(['op-line-highlight', '', 'op-line-highlight', 'op-line-highlight']);
    expect(lineClasses(1)).toEqual(['op-line-focus', 'op-line-highlight op-line-dim']);
    expect(lineClasses(2)).toEqual(['op-line-remove', 'op-line-add', '']);
    const python = blocks()[2]?.querySelector('pre')?.text ?? '';
    expect(python).not.toContain('[!code');
    expect(python.split('\n')[0]?.trimEnd()).toBe('print("removed")');
    expect(blocks()[1]?.querySelector('[data-op-code-expand]')?.getAttribute('aria-expanded')).toBe('false');
  });

  it('drops the copy button for nocopy and falls back to plain text for unknown languages', () => {
    expect(blocks()[3]?.querySelector('[data-op-copy]')).toBeNull();
    expect(blocks()[3]?.getAttribute('data-lang')).toBe('text');
    expect(blocks()[4]?.querySelector('[data-op-copy]')).toBeNull();
    expect(blocks()[4]?.querySelector('.op-code-title')?.text).toBe('Install');
    expect(blocks()[5]?.getAttribute('data-lang')).toBe('unknownlang');
    expect(blocks()[5]?.querySelector('pre')?.text).toBe('some code');
    expect(blocks()[5]?.querySelector('pre')?.innerHTML).not.toContain('--op-code-token');
    expect(blocks()[6]?.querySelector('.op-code-header-bare')).toBeTruthy();
  });

  it('keeps mermaid source for client rendering', () => {
    const mermaid = one(page.dom, '[data-op-mermaid]');
    expect(mermaid.getAttribute('data-placement')).toBe('top-left');
    expect(mermaid.getAttribute('data-actions')).toBe('false');
    expect(one(mermaid, 'pre.op-mermaid-source').text).toBe('graph TD\n  A --> B');
  });

  it('turns a CodeGroup into tabs labelled by block titles (or language), with a dropdown variant', () => {
    const [group, dropdown] = page.dom.querySelectorAll('.op-code-group');
    expect(group?.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual(['npm', 'yarn']);
    expect(group?.querySelectorAll('[role="tabpanel"]').map((p) => p.hasAttribute('hidden'))).toEqual([false, true]);
    expect(group?.querySelector('.op-code-title')).toBeNull();
    expect(group?.querySelectorAll('[data-op-copy]')).toHaveLength(2);
    expect(dropdown?.getAttribute('data-variant')).toBe('dropdown');
    expect(dropdown?.querySelectorAll('[role="tab"]').map((t) => t.text)).toEqual(['JavaScript', 'Python']);
  });

  it("shows a grouped fence's icon= on its tab, as its title bar would alone", async () => {
    const grouped = await render(
      [
        '<CodeGroup>',
        '```java HelloWorld.java icon="java"',
        'class A {}',
        '```',
        '```py plain.py',
        'x = 1',
        '```',
        '</CodeGroup>',
      ].join('\n'),
    );
    const tabs = grouped.dom.querySelectorAll('[role="tab"]');
    expect(tabs.map((t) => [t.text, t.querySelectorAll('.op-tab-icon').length])).toEqual([
      ['HelloWorld.java', 1],
      ['plain.py', 0],
    ]);
  });

  it('renders <CodeBlock> like a fence, highlighting its language', () => {
    const block = one(page.dom, '[data-filename="config.json"]');
    expect(block.getAttribute('data-lang')).toBe('json');
    expect(block.classList.contains('op-code-lines')).toBe(true);
    expect(block.querySelectorAll('.line').map((l) => l.classList.contains('op-line-highlight'))).toEqual([
      false,
      true,
      false,
    ]);
    expect(one(block, 'pre').innerHTML).toContain('--op-code-token');
  });
});

describe('code languages', () => {
  it('highlights common languages and aliases without errors', async () => {
    const langs = ['ts', 'tsx', 'py', 'go', 'rust', 'java', 'yaml', 'sh', 'shell', 'html', 'css', 'sql', 'golang'];
    const source = langs.map((l) => '```' + l + '\nx = 1\n```').join('\n\n');
    const page = await render(source);
    const blocks = page.dom.querySelectorAll('[data-op-code]');
    expect(blocks.map((b) => b.getAttribute('data-lang'))).toEqual(langs);
    expect(blocks.every((b) => (b.querySelector('pre')?.innerHTML ?? '').includes('--op-code-'))).toBe(true);
    expect(page.warnings).toEqual([]);
  });

  it('substitutes defined variables inside code but leaves template syntax alone', async () => {
    const page = await render('```handlebars\n{{product}} says {{subscriber.name}}\n```', {
      variables: { product: 'Offprint' },
    });
    expect(one(page.dom, 'pre').text).toBe('Offprint says {{subscriber.name}}');
    expect(page.warnings).toEqual([]);
  });
});

describe('highlighting on a busy machine', () => {
  it('tokenizes a whole line however long it takes (no time limit that would cut it short)', async () => {
    const { highlightToHtml, prepareHighlighter, extractMarkers } =
      await import('../server/sites/render/code/highlight.js');
    await prepareHighlighter(['js']);
    const code = "import Missing from '/snippets/not-checked-inside-code.mdx'; // fresh line, not cached";
    const { marks } = extractMarkers('', { highlight: new Set(), focus: new Set() });
    // Every clock reading is a second later than the one before: a time-limited tokenizer stops at once.
    let clock = Date.now();
    const spy = vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1000));
    let html: string;
    try {
      html = highlightToHtml(code, 'js', marks);
    } finally {
      spy.mockRestore();
    }
    expect(html).toContain('<span style="color:var(--op-code-token-keyword)">import</span>');
    expect(html).toContain("'/snippets/not-checked-inside-code.mdx'</span>");
  });
});

describe('highlighting whatever was highlighted before', () => {
  /** A fresh highlighter (no grammar loaded yet), as in a render sandbox that just started. */
  const freshHighlighter = async (): Promise<typeof Highlight> => {
    vi.resetModules();
    return import('../server/sites/render/code/highlight.js');
  };
  const block = '<Warning>Something that can go wrong if ignored.</Warning>\n\n```ts\nconst a: number = 1;\n```';

  it('renders a block the same whichever languages a sandbox met first, with what it embeds highlighted', async () => {
    const first = await freshHighlighter();
    await first.prepareHighlighter(['mdx']);
    const { marks } = first.extractMarkers('', { highlight: new Set(), focus: new Set() });
    const alone = first.highlightToHtml(block, 'mdx', marks);

    const second = await freshHighlighter();
    await second.prepareHighlighter(['tsx', 'typescript']);
    await second.prepareHighlighter(['mdx']);
    expect(second.highlightToHtml(block, 'mdx', marks)).toBe(alone);

    // The JSX tag (tsx, embedded by mdx) and the fenced TypeScript are tokenized, not left as plain text.
    expect(alone).toContain('<span style="color:var(--op-code-token-constant)">Warning</span>');
    expect(alone).toContain('<span style="color:var(--op-code-token-keyword)">const</span>');
  }, 60_000);

  it('renders a TypeScript block the same whether or not a language injecting into it was met first', async () => {
    const code = 'const styles = css`a { color: red; }`;';
    const first = await freshHighlighter();
    await first.prepareHighlighter(['ts']);
    const { marks } = first.extractMarkers('', { highlight: new Set(), focus: new Set() });
    const alone = first.highlightToHtml(code, 'ts', marks);

    // `lit` brings the grammars that inject into TypeScript (CSS, HTML, SQL... in tagged templates).
    const second = await freshHighlighter();
    await second.prepareHighlighter(['lit']);
    await second.prepareHighlighter(['ts']);
    expect(second.highlightToHtml(code, 'ts', marks)).toBe(alone);
    // The template's CSS is highlighted as CSS, not left as one string.
    expect(alone).toContain('<span style="color:var(--op-code-token-constant)">color</span>');
  }, 60_000);

  it("knows every bundled grammar that injects into another language's scope", async () => {
    const { bundledLanguages } = await import('shiki');
    const carriers = new Map<string, Set<string>>();
    for (const [name, load] of Object.entries(bundledLanguages)) {
      for (const grammar of (await load()).default) {
        for (const scope of grammar.injectTo ?? []) carriers.set(scope, (carriers.get(scope) ?? new Set()).add(name));
      }
    }
    const declared = Object.fromEntries([...carriers].map(([scope, names]) => [scope, [...names].sort()]));
    expect(INJECTION_CARRIERS).toEqual(declared);
  }, 120_000);
});

describe("code blocks' language attribute", () => {
  it("names Shiki's language, as Mintlify's code blocks do for projects' CSS (Bun's [language=\"shellscript\"])", async () => {
    const page = await render(
      ['```bash', 'bun run', '```', '', '```txt', 'out', '```', '', '```ts', 'a', '```'].join('\n'),
    );
    const languages = page.dom.querySelectorAll('.code-block').map((block) => block.getAttribute('language'));
    expect(languages).toEqual(['shellscript', 'text', 'typescript']);
  });
});
