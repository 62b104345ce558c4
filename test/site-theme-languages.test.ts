/**
 * Multi-language and multi-version sites: the language and version switchers keep the reader on the
 * same page in the other language or version when it has one (Mintlify pairs pages by path under the
 * language's prefix), else lead to its first page.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderNotFound } from '../server/sites/theme/document.js';
import { htmlLang, textDirection, uiText } from '../server/sites/theme/i18n/index.js';
import { renderSite, type RenderedSite } from './helpers/themeSite.js';

const dirs: string[] = [];
let languages: RenderedSite;
let versions: RenderedSite;
let guides: RenderedSite;
let rtl: RenderedSite;

/** A project folder of `docs.json` and one short page per path. */
async function project(navigation: unknown, pages: Record<string, string>): Promise<RenderedSite> {
  const dir = mkdtempSync(join(tmpdir(), 'op-theme-lang-'));
  dirs.push(dir);
  const config = { theme: 'mint', name: 'Lang', colors: { primary: '#0D9373' }, navigation };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(config));
  for (const [path, title] of Object.entries(pages)) {
    mkdirSync(dirname(join(dir, `${path}.mdx`)), { recursive: true });
    writeFileSync(join(dir, `${path}.mdx`), `---\ntitle: ${JSON.stringify(title)}\n---\n\n## One\n\nText.\n`);
  }
  return renderSite(dir, 'http://127.0.0.1:1');
}

beforeAll(async () => {
  languages = await project(
    {
      languages: [
        { language: 'en', groups: [{ group: 'Start', pages: ['index', 'guide/install', 'guide/configure'] }] },
        {
          language: 'fr',
          groups: [{ group: 'Démarrer', pages: ['fr/index', 'fr/guide/install', 'fr/guide/configure'] }],
        },
        { language: 'zh', groups: [{ group: '开始', pages: ['zh/index', 'zh/guide/install', 'zh/guide/only-zh'] }] },
      ],
    },
    {
      index: 'Home',
      'guide/install': 'Install',
      'guide/configure': 'Configure',
      'fr/index': 'Accueil',
      'fr/guide/install': 'Installer',
      'fr/guide/configure': 'Configurer',
      'zh/index': '首页',
      'zh/guide/install': '安装',
      'zh/guide/only-zh': '仅中文',
      // Pages outside the navigation, under a language's folder and not.
      'fr/guide/extra': 'En plus',
      extra: 'Extra',
    },
  );
  // Version labels that are not their folders' names: paired through the folder their pages share.
  versions = await project(
    {
      versions: [
        { version: '2.x', pages: ['v2/intro', 'v2/setup', 'v2/new'] },
        { version: '1.x', pages: ['v1/overview', 'v1/setup', 'v1/intro'] },
      ],
    },
    {
      'v2/intro': 'Intro',
      'v2/setup': 'Setup',
      'v2/new': 'New',
      'v1/overview': 'Old',
      'v1/setup': 'Setup',
      'v1/intro': 'Intro',
    },
  );
  // v2's pages all sit in guides/, an ordinary folder; v1 has both v1/a and v1/guides/a.
  guides = await project(
    {
      versions: [
        { version: 'v2', pages: ['guides/a', 'guides/b'] },
        { version: 'v1', pages: ['v1/a', 'v1/guides/a'] },
      ],
    },
    { 'guides/a': 'A', 'guides/b': 'B', 'v1/a': 'Old A', 'v1/guides/a': 'A' },
  );
  // Arabic and Hebrew, the right-to-left languages Mintlify accepts, beside English.
  rtl = await project(
    {
      languages: [
        { language: 'en', pages: ['index'] },
        { language: 'ar', pages: ['ar/index'] },
        { language: 'he', pages: ['he/index'] },
      ],
    },
    { index: 'Home', 'ar/index': 'الرئيسية', 'he/index': 'בית' },
  );
});

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** The switcher options of `division` on the page at `url`: label -> href. */
function options(site: RenderedSite, url: string, division: string): Record<string, string> {
  const page = site.pages.get(url);
  if (!page) throw new Error(`no page at ${url}`);
  const links = parse(page.html).querySelectorAll(`details[data-division="${division}"] a.op-switcher-option`);
  return Object.fromEntries(
    links.map((a) => [a.querySelector('.op-switcher-label')?.textContent.trim() ?? '', a.getAttribute('href') ?? '']),
  );
}

describe('language switcher', () => {
  it('leads to the same page in each other language', () => {
    expect(options(languages, '/guide/install', 'language')).toEqual({
      English: '/guide/install',
      Français: '/fr/guide/install',
      中文: '/zh/guide/install',
    });
    expect(options(languages, '/fr/guide/configure', 'language')).toEqual({
      English: '/guide/configure',
      Français: '/fr/guide/configure',
      中文: '/zh/index',
    });
  });

  it("leads to a language's first page when it has no such page", () => {
    expect(options(languages, '/zh/guide/only-zh', 'language')).toEqual({
      English: '/',
      Français: '/fr/index',
      中文: '/zh/guide/only-zh',
    });
    // A home page pairs with the other language's home page.
    expect(options(languages, '/fr/index', 'language')).toMatchObject({ English: '/', 中文: '/zh/index' });
  });
});

describe('version switcher', () => {
  it('leads to the same page in the other version, else its first page', () => {
    expect(options(versions, '/v2/intro', 'version')).toEqual({ '2.x': '/v2/intro', '1.x': '/v1/intro' });
    expect(options(versions, '/v1/setup', 'version')).toEqual({ '2.x': '/v2/setup', '1.x': '/v1/setup' });
    expect(options(versions, '/v2/new', 'version')).toEqual({ '2.x': '/v2/new', '1.x': '/v1/overview' });
  });

  it('pairs a page under an ordinary shared folder with the same path, not its last part', () => {
    expect(options(guides, '/guides/a', 'version')).toEqual({ v2: '/guides/a', v1: '/v1/guides/a' });
    expect(options(guides, '/v1/guides/a', 'version')).toEqual({ v2: '/guides/a', v1: '/v1/guides/a' });
  });
});

describe('interface text', () => {
  const root = (site: RenderedSite, url: string): HTMLElement => {
    const page = site.pages.get(url);
    if (!page) throw new Error(`no page at ${url}`);
    return parse(page.html);
  };
  const shell = (r: HTMLElement): string[] => [
    r.querySelector('.op-toc-title')?.textContent.trim() ?? '',
    r.querySelector('.op-search-placeholder')?.textContent.trim() ?? '',
    r.querySelector('.op-feedback-question')?.textContent.trim() ?? '',
    ...r.querySelectorAll('.op-feedback-vote').map((b) => b.textContent.trim()),
    ...r.querySelectorAll('.op-pagination-hint').map((b) => b.textContent.trim()),
    r.querySelector('.op-skip-link')?.textContent.trim() ?? '',
  ];

  it('is in the language of the page', () => {
    const fr = root(languages, '/fr/guide/install');
    expect(fr.querySelector('html')?.getAttribute('lang')).toBe('fr');
    expect(shell(fr)).toEqual([
      'Sur cette page',
      'Rechercher...',
      'Cette page vous a-t-elle été utile\u00a0?',
      'Oui',
      'Non',
      'Précédent',
      'Suivant',
      'Aller au contenu',
    ]);
    const zh = root(languages, '/zh/guide/install');
    expect(shell(zh)).toEqual([
      '本页内容',
      '搜索...',
      '此页面对您有帮助吗？',
      '是',
      '否',
      '上一页',
      '下一页',
      '跳到主要内容',
    ]);
    expect(shell(root(languages, '/guide/install'))).toEqual([
      'On this page',
      'Search...',
      'Was this page helpful?',
      'Yes',
      'No',
      'Previous',
      'Next',
      'Skip to content',
    ]);
  });

  it("labels the shell's landmarks in the language of the page", () => {
    const fr = root(languages, '/fr/guide/install');
    expect(fr.querySelector('nav.op-pagination')?.getAttribute('aria-label')).toBe('Pages précédente et suivante');
    expect(fr.querySelector('section.op-feedback')?.getAttribute('aria-label')).toBe('Avis sur la page');
    expect(root(languages, '/guide/install').querySelector('nav.op-pagination')?.getAttribute('aria-label')).toBe(
      'Previous and next pages',
    );
  });

  it('picks a table by code, region or script, else English', () => {
    expect(uiText('pt-BR').yes).toBe('Sim');
    expect(uiText('fr-CA').next).toBe('Suivant');
    expect(uiText('zh-TW').onThisPage).toBe('本頁內容');
    expect(uiText('zh-Hans').onThisPage).toBe('本页内容');
    expect(uiText('cn').onThisPage).toBe('本页内容');
    expect(uiText('jp').yes).toBe('はい');
    expect(uiText('ja-JP').yes).toBe('はい');
    expect(uiText('xx').yes).toBe('Yes');
    expect(uiText(undefined).yes).toBe('Yes');
    expect(htmlLang('cn')).toBe('zh-CN');
    expect(htmlLang('jp')).toBe('ja');
    expect(htmlLang('pt-BR')).toBe('pt-BR');
  });

  it('has a table for the other languages Mintlify accepts, not English', () => {
    const onThisPage = Object.fromEntries(
      ['nl', 'pl', 'sv', 'cs', 'uk', 'vi', 'he'].map((code) => [code, uiText(code).onThisPage]),
    );
    expect(onThisPage).toEqual({
      nl: 'Op deze pagina',
      pl: 'Na tej stronie',
      sv: 'På den här sidan',
      cs: 'Na této stránce',
      uk: 'На цій сторінці',
      vi: 'Trên trang này',
      he: 'בעמוד זה',
    });
    expect(uiText('nl-BE').next).toBe('Volgende');
    const helpful = Object.fromEntries(
      ['da', 'no', 'fi', 'ro', 'hu', 'ca'].map((code) => [code, uiText(code).helpful]),
    );
    expect(helpful).toEqual({
      da: 'Var denne side nyttig?',
      no: 'Var denne siden nyttig?',
      fi: 'Oliko tästä sivusta apua?',
      ro: 'V-a fost utilă această pagină?',
      hu: 'Hasznos volt ez az oldal?',
      ca: 'Us ha estat útil aquesta pàgina?',
    });
  });

  it("is in the language of the folder a page outside the navigation is under (kodediy's hidden /es/index)", () => {
    const fr = root(languages, '/fr/guide/extra');
    expect(fr.querySelector('html')?.getAttribute('lang')).toBe('fr');
    expect(fr.querySelector('.op-search-placeholder')?.textContent.trim()).toBe('Rechercher...');
    expect(fr.querySelector('.op-sidebar')?.textContent).toContain('Démarrer');
    expect(fr.querySelector('.op-sidebar [aria-current="page"]')).toBeNull();
    const extra = root(languages, '/extra');
    expect(extra.querySelector('html')?.getAttribute('lang')).toBe('en');
    expect(extra.querySelector('.op-sidebar')?.textContent).toContain('Start');
  });

  it("writes a 404 page under a language's path in that language", () => {
    const fr = parse(renderNotFound(languages.site, undefined, undefined, '/fr/nowhere'));
    expect(fr.querySelector('html')?.getAttribute('lang')).toBe('fr');
    expect(fr.querySelector('h1')?.textContent).toBe('Page introuvable');
    expect(fr.querySelector('.op-not-found-actions a')?.textContent).toBe('Aller à l’accueil');
    const zh = parse(renderNotFound(languages.site, undefined, undefined, '/zh/guide/nowhere'));
    expect(zh.querySelector('h1')?.textContent).toBe('未找到页面');
    for (const path of ['/nowhere', '/french/x', undefined]) {
      const en = parse(renderNotFound(languages.site, undefined, undefined, path));
      expect(en.querySelector('h1')?.textContent).toBe('Page not found');
    }
  });
});

describe('writing direction', () => {
  const html = (site: RenderedSite, url: string): HTMLElement | null => {
    const page = site.pages.get(url);
    if (!page) throw new Error(`no page at ${url}`);
    return parse(page.html).querySelector('html');
  };

  it('marks the pages of a right-to-left language dir="rtl", and no other', () => {
    expect(html(rtl, '/ar/index')?.getAttribute('dir')).toBe('rtl');
    expect(html(rtl, '/he/index')?.getAttribute('dir')).toBe('rtl');
    expect(html(rtl, '/')?.getAttribute('dir')).toBeUndefined();
    expect(html(languages, '/fr/index')?.getAttribute('dir')).toBeUndefined();
    const notFound = parse(renderNotFound(rtl.site, undefined, undefined, '/ar/nowhere')).querySelector('html');
    expect(notFound?.getAttribute('dir')).toBe('rtl');
  });

  it('knows the right-to-left scripts by base language, whatever the region', () => {
    for (const code of ['ar', 'ar-EG', 'he', 'HE-il', 'fa', 'ur', 'yi']) expect(textDirection(code)).toBe('rtl');
    for (const code of ['en', 'fr', 'zh-Hant', 'uz', 'hi', '']) expect(textDirection(code)).toBeUndefined();
  });
});
