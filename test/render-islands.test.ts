/**
 * Interactive components a page defines (`export const` with a hook or an event handler) are marked for
 * the browser: each use is wrapped in an island marker with its props as JSON, and the page carries the
 * script its components are defined in. What cannot run in the browser stays as the server renders it:
 * components made of built-ins, snippets' components, uses whose props are elements, pages whose ESM
 * imports what the component needs.
 */
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';
import { loadSiteProject } from '../server/sites/project/load.js';
import { COMPONENTS_NOT_ALLOWED, resolveSiteScripts } from '../server/sites/serve/scripts.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

const COUNTER = `export const Counter = ({ start = 0, label = "Clicks" }) => {
  const [n, setN] = useState(start);
  return <button type="button" className="counter" onClick={() => setN(n + 1)}>{label}: {n}</button>;
};`;

describe('islands', () => {
  it('marks each use of an interactive component with its props, and carries its code', async () => {
    const page = await render(`${COUNTER}\n\nText <Counter start={3} label="Hits" /> inline.\n\n<Counter />\n`);
    const markers = page.dom.querySelectorAll('span.op-island');
    expect(markers.map((m) => m.getAttribute('data-op-island'))).toEqual(['Counter', 'Counter']);
    expect(markers.map((m) => JSON.parse(m.getAttribute('data-op-props') ?? 'null') as unknown)).toEqual([
      { start: 3, label: 'Hits' },
      {},
    ]);
    // The server's first render stays inside the marker (readers without scripts, search, the bundle).
    expect(one(markers[0] ?? page.dom, 'button.counter').text).toBe('Hits: 3');
    expect(page.islands?.names).toEqual(['Counter']);
    expect(page.warnings).toEqual([]);
  });

  it("gives a script that defines the page's components with React and its hooks passed in", async () => {
    const page = await render(`${COUNTER}\n\n<Counter />\n`);
    const queue: unknown[] = [];
    runInNewContext(page.islands?.script ?? '', { self: { __opIslands: queue } });
    expect(queue).toHaveLength(1);
    const define = queue[0] as (exports: Record<string, unknown>, ...globals: unknown[]) => void;
    const exports: Record<string, unknown> = {};
    const made: unknown[] = [];
    const React = { createElement: (...args: unknown[]) => made.push(args) };
    const useState = (initial: unknown): unknown[] => [initial, () => undefined];
    define(exports, React, useState);
    expect(typeof exports['Counter']).toBe('function');
    (exports['Counter'] as (props: object) => unknown)({ start: 7 });
    // The element the browser makes keeps its click handler (the server's copy drops handlers).
    const [type, props] = made[0] as [string, Record<string, unknown>];
    expect(type).toBe('button');
    expect(typeof props['onClick']).toBe('function');
  });

  it('leaves static components, and components built of built-ins, as the server renders them', async () => {
    const page = await render(
      [
        'export const Plain = () => <div className="plain">plain</div>;',
        'export const Boxed = () => { const [a] = useState(1); return <Card title="Box">{a}</Card>; };',
        '',
        '<Plain />',
        '',
        '<Boxed />',
      ].join('\n'),
    );
    expect(page.dom.querySelectorAll('.op-island')).toHaveLength(0);
    expect(one(page.dom, '.op-card-title').text).toBe('Box');
    expect(page.islands).toBeUndefined();
  });

  it('runs a component made of other page components, and keeps a use with element props static', async () => {
    const page = await render(
      [
        'export const Label = ({ children }) => <b className="label">{children}</b>;',
        'export const Toggle = () => { const [on, setOn] = useState(false); return <Label>{on ? "on" : "off"}</Label>; };',
        '',
        '<Toggle />',
        '',
        '<Toggle extra={<i>x</i>} />',
      ].join('\n'),
    );
    const markers = page.dom.querySelectorAll('[data-op-island]');
    expect(markers).toHaveLength(1);
    expect(one(markers[0] ?? page.dom, 'b.label').text).toBe('off');
    expect(page.dom.querySelectorAll('b.label')).toHaveLength(2);
  });

  it("does not run a page's component made of an imported one, nor a snippet's own components", async () => {
    const root = writeProject({
      'snippets/vars.mdx': 'export const Shout = ({ children }) => <strong className="shout">{children}!</strong>;\n',
      'snippets/tally.mdx': `${COUNTER}\n\n<Counter label="Snippet" />\n`,
    });
    const page = await render(
      [
        "import { Shout } from '/snippets/vars.mdx';",
        "import Tally from '/snippets/tally.mdx';",
        '',
        'export const Loud = () => { const [n] = useState(1); return <Shout>{n}</Shout>; };',
        '',
        '<Loud />',
        '',
        '<Tally />',
      ].join('\n'),
      { root },
    );
    expect(one(page.dom, 'strong.shout').text).toBe('1!');
    expect(one(page.dom, 'button.counter').text).toBe('Snippet: 0');
    expect(page.dom.querySelectorAll('[data-op-island]')).toHaveLength(0);
    expect(page.islands).toBeUndefined();
  });
});

describe('islands from script snippets', () => {
  const TALLY = `export const Tally = ({ step = 1 }) => {
  const [n, setN] = useState(0);
  return <button type="button" className="tally" onClick={() => setN(n + step)}>{n}</button>;
};
`;

  it("marks an interactive .jsx snippet's components, named by file, and carries the snippet's code", async () => {
    const root = writeProject({ 'snippets/tally.jsx': TALLY });
    const page = await render("import { Tally } from '/snippets/tally.jsx';\n\n<Tally step={2} />\n", { root });
    const marker = one(page.dom, '[data-op-island]');
    expect(marker.getAttribute('data-op-island')).toBe('snippets/tally.jsx#Tally');
    expect(JSON.parse(marker.getAttribute('data-op-props') ?? 'null')).toEqual({ step: 2 });
    expect(page.islands?.names).toEqual(['snippets/tally.jsx#Tally']);
    const queue: unknown[] = [];
    runInNewContext(page.islands?.script ?? '', { self: { __opIslands: queue } });
    const exports: Record<string, unknown> = {};
    const React = { createElement: () => null };
    (queue[0] as (exports: Record<string, unknown>, ...globals: unknown[]) => void)(exports, React);
    expect(Object.keys(exports)).toEqual(['snippets/tally.jsx#Tally']);
  });

  it("runs a snippet that imports its hooks from react, as LangChain's identity-scope-explorer.jsx does", async () => {
    // Its generated code samples, strings that import, are text and not imports of the snippet.
    const sample = 'export const SAMPLE = "from managed_deepagents import define_identity";\n';
    const source = `"use client";\n\nimport { useState } from "react";\n\n${sample}${TALLY.replace('useState(0)', 'useState(5)')}`;
    const root = writeProject({ 'snippets/tally.jsx': source });
    const page = await render("import { Tally } from '/snippets/tally.jsx';\n\n<Tally />\n", { root });
    expect(one(page.dom, 'button.tally').text).toBe('5');
    expect(one(page.dom, '[data-op-island]').getAttribute('data-op-island')).toBe('snippets/tally.jsx#Tally');
    // The browser's copy gets React from the islands script, which passes it in.
    const queue: unknown[] = [];
    runInNewContext(page.islands?.script ?? '', { self: { __opIslands: queue } });
    const exports: Record<string, unknown> = {};
    const React = { createElement: () => null, useState: (v: unknown) => [v, () => undefined] };
    (queue[0] as (exports: Record<string, unknown>, ...globals: unknown[]) => void)(exports, React);
    const Tally = exports['snippets/tally.jsx#Tally'] as (props: object) => unknown;
    expect(Tally({})).toBeNull();
  });

  it('leaves a snippet that imports, or makes a built-in, as the server renders it', async () => {
    const root = writeProject({
      'snippets/carded.jsx': `export const Carded = () => { const [a] = useState(1); return <Card title="t">{a}</Card>; };\n`,
      'snippets/importing.jsx': `import { x } from './x.js';\n${TALLY}`,
    });
    const page = await render(
      "import { Carded } from '/snippets/carded.jsx';\nimport { Tally } from '/snippets/importing.jsx';\n\n<Carded />\n\n<Tally />\n",
      { root },
    );
    expect(page.dom.querySelectorAll('[data-op-island]')).toHaveLength(0);
    expect(one(page.dom, '.op-card-title').text).toBe('t');
    expect(page.islands).toBeUndefined();
  });
});

describe('the project asks for components', () => {
  it('lists components among the scripts a project asks for when a page defines an interactive one', () => {
    const interactive = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': `${COUNTER}\n\n<Counter />\n`,
    });
    const plain = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': 'export const Plain = () => <div>plain</div>;\n\n<Plain />\n',
    });
    const skipped = resolveSiteScripts(interactive, loadSiteProject(interactive), []);
    expect(skipped.skipped).toEqual([{ name: 'components', reason: COMPONENTS_NOT_ALLOWED }]);
    expect(COMPONENTS_NOT_ALLOWED).toContain('allowedScripts');
    expect(skipped.components).toBe(false);
    const allowed = resolveSiteScripts(interactive, loadSiteProject(interactive), ['components']);
    // Nothing loads on every page: the pages that use them load their components.
    expect(allowed).toMatchObject({ components: true, skipped: [], loaded: [], head: [] });
    expect(resolveSiteScripts(plain, loadSiteProject(plain), []).skipped).toEqual([]);
    // A tutorial's code sample of a component is text: the project asks for nothing.
    const sample = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': `# Picker\n\n\`\`\`tsx\n${COUNTER}\n\`\`\`\n`,
    });
    expect(loadSiteProject(sample).interactiveComponents).toBe(false);
    // Components in a script snippet count too.
    const snippet = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index'] } }),
      'index.mdx': "import { Counter } from '/snippets/counter.jsx';\n\n<Counter />\n",
      'snippets/counter.jsx': COUNTER,
    });
    expect(loadSiteProject(snippet).interactiveComponents).toBe(true);
  });
});
