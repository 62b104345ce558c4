/**
 * verify.html as bytes: the same on every call (a stable manifest entry), self-contained (no URL outside
 * the bundle), and carrying a policy that allows exactly its own inline script and style by hash.
 */
import { createHash } from 'node:crypto';
import { parse } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { VERIFY_PAGE_CSP, verifyPageHtml } from '../server/export/verifyPage/index.js';

const hashOf = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('verify.html', () => {
  const html = verifyPageHtml();
  const root = parse(html);

  it('is byte for byte the same on every call', () => {
    expect(verifyPageHtml()).toBe(html);
  });

  it('allows by hash exactly its inline script and style, and nothing outside its own origin', () => {
    const meta = root.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(meta).toBe(VERIFY_PAGE_CSP);
    const scripts = root.querySelectorAll('script');
    const styles = root.querySelectorAll('style');
    expect(scripts).toHaveLength(1);
    expect(styles).toHaveLength(1);
    const directive = (name: string): string[] =>
      VERIFY_PAGE_CSP.split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1) ?? [];
    expect(directive('script-src')).toEqual(["'self'", hashOf(scripts[0]?.rawText ?? '')]);
    expect(directive('style-src')).toEqual([hashOf(styles[0]?.rawText ?? '')]);
    expect(directive('default-src')).toEqual(["'none'"]);
    expect(directive('connect-src')).toEqual(["'self'"]);
  });

  it('names no URL outside the bundle and has no inline event handler', () => {
    expect(html).not.toMatch(/(src|href|action)\s*=\s*["']?(https?:|\/\/)/i);
    for (const element of root.querySelectorAll('*')) {
      expect(Object.keys(element.attributes).filter((name) => /^on/i.test(name))).toEqual([]);
    }
    for (const element of root.querySelectorAll('[src], [href]')) {
      const url = element.getAttribute('src') ?? element.getAttribute('href') ?? '';
      expect(url === 'data:,' || !/^[a-z][a-z0-9+.-]*:/i.test(url), url).toBe(true);
    }
  });

  it('labels every control', () => {
    for (const input of root.querySelectorAll('input')) {
      const id = input.getAttribute('id') ?? '';
      expect(root.querySelector(`label[for="${id}"]`), `label for #${id}`).not.toBeNull();
    }
    expect(root.querySelector('html')?.getAttribute('lang')).toBe('en');
  });
});
