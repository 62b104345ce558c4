/**
 * What a bundle keeps of an SVG file: scripts (prefixed ones too), event handlers, `<foreignObject>`,
 * HTML elements, animations that write links and `javascript:`/`data:text/html` URLs are taken out;
 * drawing is kept; a doctype's entities and processing instructions are left behind; a file that is not
 * well-formed XML becomes an empty image; the same input always gives the same bytes. An XML data file
 * (which a browser opening it from disk runs the XHTML and SVG of) keeps its data and loses the same.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_SVG, EMPTY_XML, sanitizeSvg, sanitizeXml } from '../server/export/svgSanitize.js';

const NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

const HOSTILE_SVG = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<?xml-stylesheet type="text/xsl" href="evil.xsl"?>',
  `<svg ${NS} width="10" height="10" onload="x()">`,
  '<script>a()</script>',
  '<s:script xmlns:s="http://www.w3.org/2000/svg">b()</s:script>',
  '<foreignObject><div xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="c()"/></div></foreignObject>',
  '<a xlink:href=" java&#x09;script:d()"><set attributeName="href" to="javascript:e()"/><text>t</text></a>',
  '<a href="data:text/html,&lt;script&gt;f()&lt;/script&gt;"><text>u</text></a>',
  '<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="x"/>',
  '<rect width="5" height="5" fill="red" OnClick="g()"/>',
  '<a href="https://example.com/"><text>fine</text></a>',
  '</svg>',
].join('\n');

describe('SVG files in bundles', () => {
  it('takes out everything that runs code and keeps the drawing', () => {
    const { bytes, removed, readable } = sanitizeSvg(Buffer.from(HOSTILE_SVG));
    const out = bytes.toString('utf8');
    expect(readable).toBe(true);
    expect(out).not.toMatch(/script|onload|onerror|onclick|foreignObject|iframe|xml-stylesheet|<set|data:text/i);
    expect(out).toContain('<rect width="5" height="5" fill="red"/>');
    expect(out).toContain('<a href="https://example.com/"><text>fine</text></a>');
    expect(out.startsWith('<svg ')).toBe(true);
    expect(removed).toEqual([
      'onload=',
      '<script>',
      '<s:script>',
      '<foreignObject>',
      'xlink:href=',
      '<set>',
      'href=',
      '<h:iframe>',
      'OnClick=',
    ]);
  });

  it('gives the same bytes for the same file, and leaves a clean file as it reads', () => {
    expect(sanitizeSvg(Buffer.from(HOSTILE_SVG)).bytes).toEqual(sanitizeSvg(Buffer.from(HOSTILE_SVG)).bytes);
    const clean = `<svg ${NS} viewBox="0 0 4 4"><path d="M0 0h4v4z"/><use xlink:href="#p"/></svg>`;
    expect(sanitizeSvg(Buffer.from(clean))).toEqual({ bytes: Buffer.from(clean), removed: [], readable: true });
  });

  it('does not expand a doctype entity into markup', () => {
    const svg = `<!DOCTYPE svg [<!ENTITY x "<script>a()</script>">]><svg ${NS}>&x;</svg>`;
    expect(sanitizeSvg(Buffer.from(svg))).toEqual({ bytes: Buffer.from(EMPTY_SVG), removed: [], readable: false });
  });

  it.each([
    ['not well-formed', `<svg ${NS}><script>a()</script><rect></svg>`],
    ['an unquoted attribute', `<svg ${NS} width=10><script>a()</script></svg>`],
    [
      'not UTF-8',
      Buffer.concat([Buffer.from(`<svg ${NS}><text>`), Buffer.from([0xff, 0xfe]), Buffer.from('</text></svg>')]),
    ],
    ['nested deeper than the stack allows', `<svg ${NS}>${'<g>'.repeat(200_000)}${'</g>'.repeat(200_000)}</svg>`],
  ])('replaces a file that is %s with an empty image', (_, input) => {
    const data = typeof input === 'string' ? Buffer.from(input) : input;
    expect(sanitizeSvg(data)).toEqual({ bytes: Buffer.from(EMPTY_SVG), removed: [], readable: false });
  });

  it('replaces a file whose root is an HTML document', () => {
    const html = '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>a()</script></body></html>';
    expect(sanitizeSvg(Buffer.from(html)).bytes.toString()).toBe(EMPTY_SVG);
  });
});

describe('XML files in bundles', () => {
  const HOSTILE_XML = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<?xml-stylesheet type="text/xsl" href="evil.xsl"?>',
    '<catalog xmlns:h="http://www.w3.org/1999/xhtml" xmlns:s="http://www.w3.org/2000/svg">',
    '<item id="1" note="a &amp; b">Kept</item>',
    '<h:script>a()</h:script>',
    '<h:img src="x" onerror="b()"/>',
    '<s:svg onload="c()"><s:script>d()</s:script><s:a href="javascript:e()"><s:text>t</s:text></s:a></s:svg>',
    '</catalog>',
  ].join('\n');

  it('keeps the data and takes out every XHTML element, script, handler, active URL and stylesheet', () => {
    const { bytes, removed, readable } = sanitizeXml(Buffer.from(HOSTILE_XML));
    const out = bytes.toString('utf8');
    expect(readable).toBe(true);
    expect(out.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<catalog ')).toBe(true);
    expect(out).toContain('<item id="1" note="a &amp; b">Kept</item>');
    expect(out).not.toMatch(/script|onerror|onload|<h:img|xml-stylesheet|javascript/i);
    expect(removed).toEqual(['<h:script>', '<h:img>', 'onload=', '<s:script>', 'href=']);
  });

  it('empties a file whose root is HTML, or that is not well-formed', () => {
    const html = '<html xmlns="http://www.w3.org/1999/xhtml"><body><script>a()</script></body></html>';
    expect(sanitizeXml(Buffer.from(html)).bytes.toString('utf8')).toBe(EMPTY_XML);
    expect(sanitizeXml(Buffer.from('<a><b></a>'))).toEqual({
      bytes: Buffer.from(EMPTY_XML),
      removed: [],
      readable: false,
    });
  });
});
