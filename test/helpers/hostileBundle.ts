/**
 * The hostile pages of test/hostile-bundle.browser.test.ts, written into a temp copy of serve-mini. Every piece
 * of code in them pushes a marker onto `window.top.__pwned`, so a test sees in real Chromium whether any
 * of it ran.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVE_MINI } from './siteServe.js';

/** A script that records `name` as run. */
export const MARK = (name: string): string => `(window.top.__pwned = window.top.__pwned || []).push('${name}')`;

/** An SVG file that runs code every way an SVG document can. */
const SCRIPTED_SVG = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40" onload="${MARK('svg-onload')}">`,
  `<script>${MARK('svg-file')}</script>`,
  `<s:script xmlns:s="http://www.w3.org/2000/svg">${MARK('svg-prefixed')}</s:script>`,
  '<foreignObject width="40" height="40"><div xmlns="http://www.w3.org/1999/xhtml">',
  `<img src="no-such.png" onerror="${MARK('svg-html')}"/></div></foreignObject>`,
  `<a xlink:href="javascript:${MARK('svg-link')}"><rect width="40" height="40" fill="#2255aa"/></a>`,
  '</svg>',
  '',
].join('\n');

/**
 * An XML file that runs code every way an XML document can (XHTML and SVG elements in it are live when
 * the browser opens it as a document), around data that is just data.
 */
const SCRIPTED_XML = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<catalog xmlns:h="http://www.w3.org/1999/xhtml" xmlns:s="http://www.w3.org/2000/svg">',
  '<item id="1">Kept</item>',
  `<h:script>${MARK('xml-xhtml')}</h:script>`,
  `<h:img src="no-such.png" onerror="${MARK('xml-onerror')}"/>`,
  `<s:svg onload="${MARK('xml-svg-onload')}"><s:script>${MARK('xml-svg')}</s:script></s:svg>`,
  '</catalog>',
  '',
].join('\n');

/** serve-mini's docs.json with a redirect that takes over a page: its capture lands elsewhere. */
function docsJsonWithRedirect(): string {
  const docs: unknown = JSON.parse(readFileSync(join(SERVE_MINI, 'docs.json'), 'utf8'));
  if (typeof docs !== 'object' || docs === null || !('redirects' in docs) || !Array.isArray(docs.redirects)) {
    throw new Error('serve-mini docs.json has no redirects');
  }
  const redirects: unknown[] = docs.redirects;
  return JSON.stringify({
    ...docs,
    redirects: [...redirects, { source: '/extras/away', destination: '/guides/intro' }],
  });
}

/**
 * The hostile pages and their helpers. `extras/hostile` holds active content written in content;
 * `extras/component` writes a refresh, a `<base>` and scripts from the page's own exported component and
 * from a `.jsx` snippet; `extras/pictures` shows and offers for download an SVG that runs code;
 * `extras/away` is a page the site redirects elsewhere.
 */
export function hostileFiles(): Record<string, string> {
  return {
    'docs.json': docsJsonWithRedirect(),
    'extras/hostile.mdx': [
      '---',
      'title: Hostile',
      '---',
      '',
      'export const Sneaky = () => <div dangerouslySetInnerHTML={{ __html: `<img src="/no-such.png" onerror="' +
        MARK('injected').replace(/'/g, '&#39;') +
        '">` }} />',
      '',
      'Still here.',
      '',
      `<script>{"${MARK('inline')}"}</script>`,
      '',
      `<iframe title="doc" srcdoc="<script>${MARK('srcdoc')}</script>" />`,
      '',
      `<svg width="10" height="10"><script>{"${MARK('svg')}"}</script></svg>`,
      '',
      `<img src="/no-such-image.png" onerror="${MARK('onerror')}" />`,
      '',
      '<meta http-equiv="refresh" content="0; url=/guides/intro" />',
      '',
      '<base href="https://example.com/" />',
      '',
      '<script src="/extras/pwn.js"></script>',
      '',
      '<Sneaky />',
      '',
    ].join('\n'),
    'extras/pwn.js': `${MARK('project-js')};\n`,
    'extras/component.mdx': [
      '---',
      'title: Component',
      '---',
      '',
      "import FromSnippet from '/snippets/head.jsx';",
      '',
      'export const Head = () => (',
      '  <>',
      '    <meta httpEquiv="refresh" content="0; url=/guides/intro" />',
      '    <base href="https://example.com/" />',
      `    <script>{"${MARK('component-inline')}"}</script>`,
      `    <script dangerouslySetInnerHTML={{ __html: "${MARK('component-html')}" }} />`,
      '    <script src="/extras/pwn.js" />',
      '    <p>Component ran.</p>',
      '  </>',
      ');',
      '',
      'Stays.',
      '',
      '<Head />',
      '',
      '<FromSnippet />',
      '',
    ].join('\n'),
    'snippets/head.jsx': [
      'export default function FromSnippet() {',
      '  return (',
      '  <div>',
      '    <meta httpEquiv="refresh" content="0; url=/guides/quiet" />',
      '    <base href="https://example.org/" />',
      `    <script>{"${MARK('snippet')}"}</script>`,
      '    <p>Snippet ran.</p>',
      '  </div>',
      '  );',
      '}',
      '',
    ].join('\n'),
    'extras/pictures.mdx': [
      '---',
      'title: Pictures',
      '---',
      '',
      '![Scripted](/images/scripted.svg)',
      '',
      '[Download the drawing](/files/scripted.svg)',
      '',
      '[Download the catalog](/files/catalog.xml)',
      '',
    ].join('\n'),
    'images/scripted.svg': SCRIPTED_SVG,
    'files/scripted.svg': SCRIPTED_SVG.replace('#2255aa', '#aa5522'),
    'files/catalog.xml': SCRIPTED_XML,
    'extras/away.mdx': ['---', 'title: Away', '---', '', 'The site redirects this page elsewhere.', ''].join('\n'),
  };
}
