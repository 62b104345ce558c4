/**
 * docs.json `fonts` as the site stylesheet writes them: body and heading families before the theme's
 * stack, an @font-face for a font file the project ships, nothing for a font on the internet but its
 * family name, and nothing at all for names that could break out of a CSS string.
 */
import { describe, expect, it } from 'vitest';
import { fontsCss } from '../server/sites/theme/siteFonts.js';

describe('docs.json fonts', () => {
  it('names one family for body and headings, with a face for a shipped file', () => {
    expect(fontsCss({ family: 'Inter', weight: 500, source: '/fonts/Inter.woff2' })).toBe(
      '@font-face{font-family:"Inter";src:url("/fonts/Inter.woff2") format("woff2");font-weight:500;font-display:swap}\n' +
        ':root{--op-font:"Inter",var(--op-font-system);--op-font-heading:"Inter",var(--op-font-system);--op-heading-weight:500;}\n',
    );
  });

  it('takes heading and body apart, and mint.json headings and url', () => {
    const css = fontsCss({
      headings: { family: 'Lausanne', weight: 700, url: 'fonts/lausanne.otf' },
      body: { family: 'Geist' },
    });
    expect(css).toContain('@font-face{font-family:"Lausanne";src:url("/fonts/lausanne.otf") format("opentype");');
    expect(css).toContain('--op-font:"Geist",var(--op-font-system);');
    expect(css).toContain('--op-font-heading:"Lausanne",var(--op-font-system);--op-heading-weight:700;');
  });

  it('names a font on the internet without loading it, and ignores what is no font', () => {
    expect(fontsCss({ family: 'Roboto', source: 'https://fonts.example.org/roboto.woff2' })).toBe(
      ':root{--op-font:"Roboto",var(--op-font-system);--op-font-heading:"Roboto",var(--op-font-system);}\n',
    );
    expect(fontsCss({ family: 'x"}body{display:none' })).toBe('');
    expect(fontsCss({ family: 'Safe', source: '/fonts/a").woff2' })).not.toContain('@font-face');
    expect(fontsCss(undefined)).toBe('');
    expect(fontsCss('Inter')).toBe('');
  });

  it('loads a font on the internet from the copy offprint pack made of it', () => {
    const packed = (url: string) =>
      url === 'https://fonts.example.org/roboto.woff2' ? '/_offprint-remote/ab12.woff2' : undefined;
    expect(fontsCss({ family: 'Roboto', source: 'https://fonts.example.org/roboto.woff2' }, packed)).toContain(
      '@font-face{font-family:"Roboto";src:url("/_offprint-remote/ab12.woff2") format("woff2");font-display:swap}',
    );
  });
});
