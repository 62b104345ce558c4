/**
 * The theme's accessible names and in-body labels (landmarks, banner, heading anchors, code block and
 * prompt buttons, switchers) read in the language of the page, as the rest of its interface does; and
 * every language table carries every string, translated.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bodyText, EN_BODY } from '../server/sites/theme/i18n/body.js';
import { EN, uiText } from '../server/sites/theme/i18n/index.js';
import { renderSite, type RenderedSite } from './helpers/themeSite.js';

/** The English labels a page in another language must not carry. */
const ENGLISH = [
  'Navigation',
  'Pages',
  'Links',
  'Sections',
  'Dismiss banner',
  'Announcement',
  'Link to this section',
  'Give feedback on this code',
  'Copy code',
  'Copy',
  'Copy prompt',
  'Switch language',
  'Switch version',
];

/** Mintlify's language codes the theme has a table for. */
const CODES = ['fr', 'es', 'de', 'it', 'pt', 'pt-BR', 'ca', 'ro', 'id', 'vi', 'tr', 'nl', 'pl', 'sv', 'cs', 'hu'];
const MORE = ['da', 'no', 'fi', 'ru', 'uk', 'lv', 'uz', 'ja', 'ko', 'cn', 'zh-Hant', 'hi', 'ar', 'he'];

let dir: string;
let site: RenderedSite;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'op-theme-labels-'));
  const tabs = (prefix: string): unknown[] => [
    { tab: 'Guide', pages: [`${prefix}index`] },
    { tab: 'More', pages: [`${prefix}more`] },
    { tab: 'API', openapi: 'openapi.json', pages: [`${prefix}api/thing`] },
  ];
  const config = {
    theme: 'mint',
    name: 'Labels',
    colors: { primary: '#0D9373' },
    banner: { content: 'Hello', dismissible: true },
    navbar: { links: [{ label: 'Blog', href: 'https://example.com' }] },
    navigation: {
      languages: [
        { language: 'en', tabs: tabs('') },
        { language: 'fr', tabs: tabs('fr/') },
        { language: 'ar', tabs: tabs('ar/') },
      ],
    },
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(config));
  const body =
    '## One\n\n```js a.js\nconsole.log(1)\n```\n\n<Prompt description="P">Do it</Prompt>\n\n' +
    // Offline placeholders (remote image, video and embed; missing image and video), and author text like them.
    '![](https://cdn.example.com/a.png)\n\n<video src="https://videos.example.com/v.mp4" />\n\n' +
    '<iframe src="https://embed.example.com/e?a=1&b=2" />\n\n![](/images/gone.png)\n\n' +
    '<video src="/videos/gone.mp4" />\n\nImage from cdn.example.com\n\n<span>Video not found: x</span>\n\n' +
    // Expandables, untitled and titled, and author text like their toggles.
    '<Expandable>\n\nA\n\n</Expandable>\n\n<Expandable title="properties">\n\nB\n\n</Expandable>\n\n' +
    '<span>Show child attributes</span>\n';
  for (const path of ['index', 'more', 'fr/index', 'fr/more', 'ar/index', 'ar/more']) {
    mkdirSync(dirname(join(dir, `${path}.mdx`)), { recursive: true });
    writeFileSync(join(dir, `${path}.mdx`), `---\ntitle: Page\n---\n\n${body}`);
  }
  // An operation with every kind of section, and a field that is required, deprecated and has a default.
  const spec = {
    openapi: '3.0.3',
    info: { title: 'Things', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    security: [{ bearer: [] }],
    paths: {
      '/things/{id}': {
        post: {
          summary: 'Update a thing',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'dry', in: 'query', schema: { type: 'boolean', default: false } },
            { name: 'X-Team', in: 'header', schema: { type: 'string' } },
            { name: 'session', in: 'cookie', deprecated: true, schema: { type: 'string' } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
              },
            },
          },
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object' } } } } },
        },
      },
    },
  };
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec));
  for (const prefix of ['', 'fr/', 'ar/']) {
    mkdirSync(join(dir, `${prefix}api`), { recursive: true });
    writeFileSync(join(dir, `${prefix}api/thing.mdx`), '---\nopenapi: POST /things/{id}\n---\n');
  }
  site = await renderSite(dir, 'http://127.0.0.1:1');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every label a reader can meet on the page: accessible names, titles, placeholders and button text. */
function labels(url: string): string[] {
  const page = site.pages.get(url);
  if (!page) throw new Error(`no page at ${url}`);
  const root = parse(page.html);
  const out: string[] = [];
  for (const node of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = node.getAttribute(name);
      if (value !== undefined) out.push(value);
    }
  }
  for (const node of root.querySelectorAll('button, a, span, summary')) out.push(node.textContent.trim());
  return out;
}

describe('labels in the language of the page', () => {
  it('writes no English label on a French or an Arabic page', () => {
    for (const [url, code] of [
      ['/fr/index', 'fr'],
      ['/ar/index', 'ar'],
    ] as const) {
      // French writes some words as English does (Navigation, Pages): those are its own.
      const own = new Set(Object.values(uiText(code)));
      const left = labels(url).filter((label) => ENGLISH.includes(label) && !own.has(label));
      expect({ url, left }).toEqual({ url, left: [] });
    }
    const fr = parse(site.pages.get('/fr/index')?.html ?? '');
    expect(fr.querySelector('.op-heading-anchor')?.getAttribute('aria-label')).toBe('Lien vers cette section');
    expect(fr.querySelector('.op-banner-dismiss')?.getAttribute('aria-label')).toBe('Fermer la bannière');
    const ar = parse(site.pages.get('/ar/index')?.html ?? '');
    expect(ar.querySelector('.op-prompt-copy')?.getAttribute('aria-label')).toBe('نسخ الموجّه');
  });

  it("writes the offline media placeholders in the page's language, leaving author text alone", () => {
    const placeholders = (url: string): string[] =>
      parse(site.pages.get(url)?.html ?? '')
        .querySelectorAll('.op-remote-label')
        .map((node) => node.textContent);
    expect(placeholders('/fr/index')).toEqual([
      'Image de cdn.example.com',
      'Vidéo de videos.example.com',
      'Contenu de embed.example.com',
      'Image introuvable : /images/gone.png',
      'Vidéo introuvable : /videos/gone.mp4',
    ]);
    expect(placeholders('/ar/index')).toEqual([
      'صورة من cdn.example.com',
      'فيديو من videos.example.com',
      'محتوى من embed.example.com',
      'الصورة غير موجودة: /images/gone.png',
      'الفيديو غير موجود: /videos/gone.mp4',
    ]);
    expect(placeholders('/')[0]).toBe('Image from cdn.example.com');
    const text = parse(site.pages.get('/fr/index')?.html ?? '').querySelector('article, main')?.textContent ?? '';
    expect(text).toContain('Image from cdn.example.com');
    expect(text).toContain('Video not found: x');
  });

  it("writes the expandables' toggles in the page's language, leaving author text alone", () => {
    const toggles = (url: string): string[] =>
      parse(site.pages.get(url)?.html ?? '')
        .querySelectorAll('.op-expandable-summary > span')
        .map((node) => node.textContent);
    expect(toggles('/fr/index')).toEqual([
      'Afficher les attributs enfants',
      'Masquer les attributs enfants',
      'Afficher properties',
      'Masquer properties',
    ]);
    expect(toggles('/ar/index')).toEqual([
      'إظهار السمات الفرعية',
      'إخفاء السمات الفرعية',
      'إظهار properties',
      'إخفاء properties',
    ]);
    expect(toggles('/')).toEqual([
      'Show child attributes',
      'Hide child attributes',
      'Show properties',
      'Hide properties',
    ]);
    const text = parse(site.pages.get('/fr/index')?.html ?? '').querySelector('article, main')?.textContent ?? '';
    expect(text).toContain('Show child attributes');
  });

  it("writes an endpoint page's section headings and its fields' badges in the page's language", () => {
    const shown = (url: string): { sections: string[]; badges: string[]; ids: string[] } => {
      // <pre> parsed as markup: node-html-parser keeps it as raw text by default.
      const root = parse(site.pages.get(url)?.html ?? '', { blockTextElements: { script: true, style: true } });
      return {
        sections: root.querySelectorAll('.op-endpoint-heading').map((h) => h.textContent.trim()),
        badges: [
          ...new Set(
            root
              .querySelectorAll('.op-field-required, .op-field-deprecated, .op-field-default')
              .map((b) => b.textContent.replace(/:.*$/s, '')),
          ),
        ],
        ids: root.querySelectorAll('.op-endpoint-heading').map((h) => h.getAttribute('id') ?? ''),
      };
    };
    const ids = [
      'authorizations',
      'path-parameters',
      'query-parameters',
      'header-parameters',
      'cookie-parameters',
      'body',
      'response',
    ];
    const en = shown('/api/thing');
    expect(en.sections).toEqual([
      'Authorizations',
      'Path parameters',
      'Query parameters',
      'Header parameters',
      'Cookie parameters',
      'Bodyapplication/json',
      'Response',
    ]);
    expect(en.badges).toEqual(['required', 'default', 'deprecated']);
    const fr = shown('/fr/api/thing');
    expect(fr.sections).toEqual([
      'Autorisations',
      'Paramètres de chemin',
      'Paramètres de requête',
      'Paramètres d’en-tête',
      'Paramètres de cookie',
      'Corpsapplication/json',
      'Réponse',
    ]);
    expect(fr.badges).toEqual(['obligatoire', 'par défaut', 'obsolète']);
    // The anchors stay those of every language (links written to #body keep working).
    expect([en.ids, fr.ids, shown('/ar/api/thing').ids]).toEqual([ids, ids, ids]);
    expect(shown('/ar/api/thing').sections[0]).toBe('التفويضات');
  });

  it('keeps the English labels on an English page', () => {
    const en = labels('/');
    for (const label of ['Navigation', 'Link to this section', 'Copy prompt', 'Dismiss banner']) {
      expect(en).toContain(label);
    }
  });

  it('has every string in every table, and translated', () => {
    for (const code of [...CODES, ...MORE]) {
      const table = uiText(code);
      expect({ code, table: table === EN }).toEqual({ code, table: false });
      const keys = Object.keys(EN) as (keyof typeof EN)[];
      const missing = keys.filter((key) => typeof table[key] !== 'string' || table[key] === '');
      expect({ code, missing }).toEqual({ code, missing: [] });
      const english = keys.filter((key) => table[key] === EN[key] && !/^[A-Z]?\W*$/.test(EN[key]));
      // A few words are the same in some languages (Danish: Send feedback, Navigation, Links): most are not.
      expect({ code, english: english.length < 5 }).toEqual({ code, english: true });
      // The body's own text (media placeholders, toggles): every string, none left in English.
      const body = bodyText(code);
      const bodyKeys = Object.keys(EN_BODY) as (keyof typeof EN_BODY)[];
      const untranslated = bodyKeys.filter((key) => !body[key] || body[key] === EN_BODY[key]);
      expect({ code, untranslated }).toEqual({ code, untranslated: [] });
      // The host, address or title stays in every template.
      const holes = bodyKeys.filter((key) =>
        (EN_BODY[key].match(/\{\w+\}/g) ?? []).some((hole) => !body[key].includes(hole)),
      );
      expect({ code, holes }).toEqual({ code, holes: [] });
    }
    // Latvian and Uzbek (Mintlify's `lv`, `uz`) read their own language, not English.
    expect([uiText('lv').onThisPage, uiText('lv-LV').next, uiText('lv').linkToSection]).toEqual([
      'Šajā lapā',
      'Nākamā',
      'Saite uz šo sadaļu',
    ]);
    expect([uiText('uz').onThisPage, uiText('uz-Latn').next, uiText('uz').linkToSection]).toEqual([
      'Ushbu sahifada',
      'Keyingi',
      'Ushbu bo‘limga havola',
    ]);
  });
});

describe("the theme's sources", () => {
  it('write no English accessible name or title of their own', () => {
    const theme = fileURLToPath(new URL('../server/sites/theme', import.meta.url));
    const files = (folder: string): string[] =>
      readdirSync(folder).flatMap((name) => {
        const path = join(folder, name);
        if (statSync(path).isDirectory()) return name === 'i18n' ? [] : files(path);
        return path.endsWith('.ts') ? [path] : [];
      });
    const literal = /(?:aria-label|title|placeholder)(?:=\\?"|'?:\s*'|',\s*')[A-Z][a-z]+(?: [a-z]+)*['"\\]/g;
    const found = files(theme).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(literal)].map((m) => `${path.slice(theme.length)}: ${m[0]}`),
    );
    expect(found).toEqual([]);
  });
});
