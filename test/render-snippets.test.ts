/** Imports, snippets, inline components, variables, unknown components and failure handling. */
import { beforeAll, describe, expect, it } from 'vitest';
import { one, render, renderFixture, type Rendered } from './fixtures/render/harness.js';

describe('snippets and imports', () => {
  let page: Rendered;
  beforeAll(async () => {
    page = await renderFixture('guides/snippets.mdx', { product: 'Offprint' });
  });

  it('renders an .mdx snippet with props as variables, also inside its code fences', () => {
    expect(page.text).toContain('Hello Ada from Offprint!');
    expect(one(page.dom, '[data-op-code] pre').text).toBe('npm install left-pad');
  });

  it('follows a relative import inside a snippet, and its headings join the page TOC', () => {
    expect(page.text).toContain('Inner snippet text.');
    expect(page.headings).toEqual([{ depth: 2, id: 'snippet-heading', text: 'Snippet heading' }]);
  });

  it('imports named export const values and components from .mdx snippets', () => {
    expect(page.text).toContain('Release Aurora');
    expect(one(page.dom, 'strong.shout').text).toBe('ship it!');
  });

  it('runs .jsx snippets (relative path, hooks as globals, function declarations, built-ins)', () => {
    const counter = one(page.dom, 'span.counter');
    expect(counter.getAttribute('data-count')).toBe('3');
    expect(counter.text).toBe('double: 6');
    expect(one(page.dom, 'em.helper').text).toBe('function declarations work too');
    expect(one(page.dom, '.op-card .op-card-title').text).toBe('Wrapped');
  });

  it('runs inline export const components with hooks and built-in components', () => {
    expect(one(page.dom, 'span.inline-comp').text).toBe('Hi reader');
    expect(one(page.dom, '.op-badge-green').text).toBe('chip');
  });

  it('reports missing snippets and npm imports, rendering them as nothing', () => {
    expect([...page.missingImports].sort()).toEqual(['/snippets/missing.mdx', 'zod']);
    expect(page.warnings).toContain("import '/snippets/missing.mdx': file not found");
    expect(page.warnings).toContain("import 'zod': npm packages are not supported");
  });

  it('reports a snippet that does not compile and a component that throws, without failing the page', () => {
    // Its stray `{` is read as text (strayBraces.ts), so the snippet shows, and the warning names it.
    expect(page.warnings.some((w) => w.startsWith('snippets/broken.mdx: MDX syntax: the `{` at line 1:'))).toBe(true);
    expect(page.warnings).toContain('component Boom failed: boom');
    expect(page.text).toContain('This snippet has a broken expression {1 +}.');
  });

  it('renders unknown components as their children and reports them (member names included)', () => {
    expect([...page.unknownComponents].sort()).toEqual(['Mystery', 'Radix.Popover.Trigger']);
    expect(page.text).toContain('Mystery children survive');
    expect(page.text).toContain('Nested unknown');
  });

  it('substitutes defined variables, reports undefined ones in prose and leaves them visible', () => {
    expect(page.text).toContain('Product: Offprint. Unknown: {{undefinedVar}}.');
    expect(page.warnings).toContain('undefined variable {{undefinedVar}}');
    expect(page.text).toContain('inline Offprint and {{notDefinedInCode}}');
    expect(page.warnings.filter((w) => w.includes('notDefinedInCode'))).toEqual([]);
    expect(page.text).toContain('Hello Offprint and {{subscriber.firstName}}');
  });
  it('imports a snippet from inside a component, where MDX also allows import lines (Mintlify renders them)', async () => {
    const page = await render(
      '<Tabs>\n<Tab title="First">\n\nimport Greeting from \'/snippets/greeting.mdx\';\n\n<Greeting name="Ada" />\n\n</Tab>\n</Tabs>',
      { variables: { product: 'Offprint' } },
    );
    expect(page.warnings).toEqual([]);
    expect(page.text).toContain('Hello Ada from Offprint!');
  });
});

describe('<Snippet file> (the older snippet syntax)', () => {
  it('includes _snippets/FILE with its other attributes as props, in flow and in text, and reports a missing one', async () => {
    const page = await render(
      '<Snippet file="get-help.mdx" team="founders" />\n\nSee <Snippet file="sub/inline" /> and <Snippet file="gone.mdx" />.',
    );
    expect(one(page.dom, '.op-card .op-card-title').text).toBe('Talk to founders');
    expect(page.text).toContain('See\ninline legacy snippet\nand .');
    expect(page.unknownComponents).toEqual([]);
    expect(page.missingImports).toEqual(['/_snippets/gone.mdx']);
  });

  it('leaves a page-defined Snippet component alone', async () => {
    const page = await render(
      'export const Snippet = ({ file }) => <em>{file}</em>\n\n<Snippet file="get-help.mdx" />',
    );
    expect(one(page.dom, 'em').text).toBe('get-help.mdx');
  });
});

describe('robustness', () => {
  it('turns an MDX syntax error into an error box with the source, never a throw', async () => {
    const page = await render('# Title\n\n<Note>\nBroken unclosed note\n');
    expect(one(page.dom, '[data-op-render-error] .op-render-error-message').text).toMatch(/<Note>.*3:1/);
    expect(one(page.dom, '.op-render-error-source').text).toContain('Broken unclosed note');
    expect(page.warnings.some((w) => w.startsWith('render failed:'))).toBe(true);
    expect(page.text).toContain('Broken unclosed note');
  });

  it('renders an error box when top-level page code throws', async () => {
    const page = await render('export const value = (() => { throw new Error("top level") })()\n\nText');
    expect(one(page.dom, '.op-render-error-message').text).toBe('top level');
  });

  it('treats an undefined identifier in an expression as undefined instead of failing', async () => {
    const page = await render('Hello {user}!');
    expect(page.text).toBe('Hello !');
    expect(page.warnings).toEqual([]);
  });

  it('reports an import cycle and an import escaping the project', async () => {
    const page = await render(
      "import A from '/snippets/cycle-a.mdx'\nimport B from '../../outside.mdx'\n\n<A />\n<B />",
    );
    expect(page.warnings).toContain('import cycle through snippets/cycle-a.mdx');
    expect(page.missingImports).toEqual(['../../outside.mdx']);
    expect(page.text).toContain('cycle A');
  });

  it('refuses dynamic import() in page code', async () => {
    const page = await render(
      "export const Load = () => { const m = import('node:fs'); return <span>{typeof m}</span> }\n\n<Load />",
    );
    expect(page.warnings).toContain('dynamic import() is not supported');
    expect(page.text).toBe('undefined');
  });

  it('parses frontmatter and reports broken YAML without failing', async () => {
    const ok = await render('---\ntitle: "A: B"\nhidden: true\n---\nBody');
    expect(ok.frontmatter).toEqual({ title: 'A: B', hidden: true });
    expect(ok.text).toBe('Body');
    const bad = await render('---\ntitle: [unclosed\n---\nBody');
    expect(bad.frontmatter).toEqual({});
    expect(bad.warnings.some((w) => w.startsWith('frontmatter:'))).toBe(true);
    expect(bad.text).toBe('Body');
  });

  it('drops HTML comments in prose, which MDX would reject', async () => {
    const page = await render('Before <!-- hidden --> after\n\n<!--\nmulti\nline\n-->\nEnd');
    expect(page.text).toBe('Before after\nEnd');
  });
});
