/** Hostile text in docs.json and frontmatter stays text; unsafe URLs never reach an attribute. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteCssAsset } from '../server/sites/theme/assets.js';
import { renderNotFound } from '../server/sites/theme/document.js';
import { renderSite, type RenderedSite } from './helpers/themeSite.js';

const EVIL = `"><img src=x onerror=alert(1)><script>alert(2)</script>`;
let dir: string;
let rendered: RenderedSite;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'op-theme-evil-'));
  mkdirSync(join(dir, 'guides'));
  const config = {
    theme: 'mint',
    name: `Evil ${EVIL} & Co`,
    description: `</title><script>alert(3)</script>`,
    colors: { primary: '#123456' },
    logo: 'https://cdn.example.org/logo.svg',
    favicon: '//cdn.example.org/favicon.ico',
    appearance: { default: 'light', strict: true },
    integrations: { telemetry: { enabled: false } },
    banner: { content: `Read [this](javascript:alert(4)) and **${EVIL}**`, dismissible: true },
    navbar: {
      links: [{ label: EVIL, href: 'javascript:alert(5)' }],
      primary: { type: 'button', label: EVIL, href: ' JaVa\tScRiPt:alert(6)' },
    },
    footer: {
      socials: { github: 'javascript:alert(7)' },
      links: [{ header: EVIL, items: [{ label: EVIL, href: 'data:text/html,x' }] }],
    },
    navigation: {
      tabs: [
        {
          tab: EVIL,
          groups: [{ group: EVIL, tag: EVIL, pages: ['index', { group: EVIL, pages: ['guides/a'] }] }],
        },
        { tab: 'Bad link', href: 'javascript:alert(8)' },
      ],
    },
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(config));
  const front = (title: string): string =>
    `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(EVIL)}\nsidebarTitle: ${JSON.stringify(EVIL)}\ntag: ${JSON.stringify(EVIL)}\n---\n\n## Heading ${'&lt;'}b${'&gt;'}\n\nText.\n`;
  writeFileSync(join(dir, 'index.mdx'), front(EVIL));
  writeFileSync(join(dir, 'guides', 'a.mdx'), front(`A ${EVIL}`));
  rendered = await renderSite(dir, 'http://127.0.0.1:1');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hostile input', () => {
  it('keeps titles, labels and descriptions as text', () => {
    for (const { html } of rendered.pages.values()) {
      const root = parse(html);
      expect(root.querySelectorAll('img[src="x"]')).toHaveLength(0);
      expect(root.querySelectorAll('script').every((s) => s.getAttribute('src')?.startsWith('/_offprint/'))).toBe(true);
      expect(
        root.querySelectorAll('*').flatMap((e) => Object.keys(e.attributes).filter((a) => /^on/i.test(a))),
      ).toEqual([]);
    }
    const home = parse(rendered.pages.get('/')?.html ?? '');
    expect(home.querySelector('title')?.textContent).toBe(`${EVIL} - Evil ${EVIL} & Co`);
    expect(home.querySelector('h1')?.textContent).toBe(EVIL);
    expect(home.querySelector('.op-page-description')?.textContent).toBe(EVIL);
    expect(home.querySelector('.op-tabbar .op-tab-link')?.textContent).toBe(EVIL);
    expect(home.querySelector('.op-nav-group-title .op-pill')?.textContent).toBe(EVIL);
    expect(home.querySelector('.op-banner-content strong')?.textContent).toBe(EVIL);
  });

  it('drops script URLs from every link', () => {
    for (const html of [...[...rendered.pages.values()].map((p) => p.html), renderNotFound(rendered.site)]) {
      const root = parse(html);
      const urls = root
        .querySelectorAll('[href], [src]')
        .map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '');
      expect(urls.filter((u) => /^\s*(javascript|data|vbscript):/i.test(u.replace(/\s/g, '')))).toEqual([]);
      expect(urls).not.toContain('');
    }
    const home = parse(rendered.pages.get('/')?.html ?? '');
    expect(home.querySelector('.op-banner-content a')?.getAttribute('href')).toBe('#');
    expect(home.querySelector('.op-navbar-primary')?.getAttribute('href')).toBe('#');
  });

  it('never loads a logo or favicon from another host', () => {
    const home = parse(rendered.pages.get('/')?.html ?? '');
    expect(
      home.querySelectorAll('img, link[rel="icon"]').map((e) => e.getAttribute('src') ?? e.getAttribute('href')),
    ).toEqual([]);
    expect(home.querySelector('.op-logo')?.textContent).toBe(`Evil ${EVIL} & Co`);
  });

  it('honours telemetry off and strict appearance', () => {
    const root = parse(rendered.pages.get('/guides/a')?.html ?? '');
    expect(root.querySelector('[data-op-feedback]')).toBeNull();
    expect(root.querySelector('html')?.getAttribute('data-feedback')).toBe('off');
    expect(root.querySelector('[data-op-theme-toggle]')).toBeNull();
    expect(root.querySelector('html')?.getAttribute('data-strict')).toBe('true');
  });

  it('writes only safe colours into site.css', async () => {
    const css = (await siteCssAsset(rendered.site)).body;
    expect(css).toContain('--op-primary:#123456');
    expect(css).not.toMatch(/<|javascript/i);
  });
});
