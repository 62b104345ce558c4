/**
 * The client script's interface text follows the page's language (`<html lang>`): the search dialog, the
 * feedback form's prompt and the code blocks' copy button of a French page are in French.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { computedStyle, themeInChromium } from './helpers/themeInChromium.js';

function bilingualProject(): string {
  const page = (title: string): string =>
    `---\ntitle: ${title}\n---\n\n## One\n\n\`\`\`bash\necho hi\n\`\`\`\n\n\`\`\`bash expandable\n${'echo line\n'.repeat(40)}\`\`\`\n`;
  return writeProject({
    'docs.json': docsJson({
      navigation: {
        languages: [
          { language: 'en', pages: ['index'] },
          { language: 'fr', pages: ['fr/index'] },
        ],
      },
    }),
    'index.mdx': page('Home'),
    'fr/index.mdx': page('Accueil'),
  });
}

const site = themeInChromium(bilingualProject);

site.describe('interface text in Chromium', () => {
  it('writes the client-side text of a French page in French', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.server.url}/fr/index`);
    expect(await page.locator('[data-op-copy]').first().getAttribute('title')).toBe('Copier');
    await page.locator('[data-op-vote="yes"]').click();
    await expect
      .poll(() => page.locator('[data-op-feedback-prompt]').innerText())
      .toBe('Super\u00a0! Qu’avez-vous apprécié\u00a0?');
    await page.locator('.op-search-button').click();
    await page.keyboard.type('zzzqqq');
    const dialog = page.locator('dialog.op-search-dialog');
    await expect.poll(() => dialog.innerText()).toContain('Aucun résultat pour «\u00a0zzzqqq\u00a0»');
    expect(await dialog.innerText()).toContain('Échap pour fermer');
    await page.close();
  });

  it('writes the copy, expand, error and code feedback messages of a French page in French', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } });
    // Every way of copying refused, and every feedback request failed: the messages of failure show.
    await page.addInitScript(() => {
      document.execCommand = () => false;
      Object.defineProperty(navigator, 'clipboard', { value: undefined });
    });
    await page.route('**/_offprint/feedback/**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Internal error"}' }),
    );
    await page.goto(`${site.server.url}/fr/index`);
    const expand = page.locator('[data-op-code-expand]');
    expect((await expand.innerText()).trim()).toBe('Développer');
    await expand.click();
    expect((await expand.innerText()).trim()).toBe('Réduire');
    const copy = page.locator('[data-op-copy]').first();
    await copy.click();
    await expect.poll(() => copy.getAttribute('aria-label')).toBe('Échec de la copie');
    // A copy that worked says so in French too, in the label its tooltip shows.
    await page.evaluate(() => (document.execCommand = () => true));
    await page.waitForTimeout(2100);
    await copy.click();
    await expect.poll(() => copy.getAttribute('aria-label')).toBe('Copié');
    expect(await copy.evaluate((b) => getComputedStyle(b, '::after').content)).toBe('"Copié"');
    await page.locator('[data-op-vote="no"]').click();
    await expect
      .poll(() => page.locator('.op-feedback-error').first().innerText())
      .toBe('Impossible d’envoyer votre vote');
    await page.locator('.op-code-feedback').first().click();
    const form = page.locator('.op-code-feedback-form');
    expect(await form.locator('label').innerText()).toBe(
      'Qu’est-ce qui ne va pas dans ce code, ou qu’y manque-t-il\u00a0?',
    );
    expect(await form.locator('button').allInnerTexts()).toEqual(['Annuler', 'Envoyer']);
    await form.locator('textarea').fill('typo');
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => form.locator('.op-feedback-error').innerText()).toBe('Impossible d’envoyer votre retour');
    await page.close();
  });

  it('lets a reader on a phone switch language from the drawer (the header hides its switcher there)', async () => {
    const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${site.server.url}/index`);
    expect(await page.locator('.op-header .op-switcher-language').isVisible()).toBe(false);
    await page.locator('[data-op-nav-toggle]').first().click();
    const switcher = page.locator('.op-sidebar .op-drawer-switchers .op-switcher-language');
    await expect.poll(() => switcher.isVisible()).toBe(true);
    await switcher.locator('summary').click();
    await switcher.locator('.op-switcher-option:not(.is-active)').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/fr/index');
    await page.close();
  });
});

/** English, and an Arabic section of three pages with a code block, a list and a nested group each. */
function arabicProject(): string {
  const page = (title: string): string =>
    `---\ntitle: ${title}\n---\n\n## مقدمة\n\nنص عربي.\n\n\`\`\`js app.js\nconst x = 1; // comment\n\`\`\`\n\n## ثانيا\n\nنص.\n`;
  return writeProject({
    'docs.json': docsJson({
      navigation: {
        languages: [
          { language: 'en', pages: ['index'] },
          {
            language: 'ar',
            groups: [
              { group: 'البداية', pages: ['ar/index', 'ar/install'] },
              { group: 'متقدم', pages: [{ group: 'فرعي', pages: ['ar/more'] }] },
            ],
          },
        ],
      },
    }),
    'index.mdx': page('Home'),
    'ar/index.mdx': page('الرئيسية'),
    'ar/install.mdx': page('التثبيت'),
    'ar/more.mdx': page('المزيد'),
  });
}

const arabic = themeInChromium(arabicProject);

arabic.describe('right-to-left pages in Chromium', () => {
  it('mirrors the layout of an Arabic page and keeps its code left to right', async () => {
    const page = await arabic.browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${arabic.server.url}/ar/install`);
    const box = async (selector: string): Promise<{ x: number; width: number }> => {
      const b = await page.locator(selector).first().boundingBox();
      if (!b) throw new Error(`${selector} is not drawn`);
      return b;
    };
    const sidebar = await box('#sidebar');
    const article = await box('.op-article');
    const toc = await box('.op-aside');
    // The sidebar on the right, the table of contents on the left, the text from the right.
    expect(sidebar.x).toBeGreaterThan(article.x + article.width);
    expect(toc.x + toc.width).toBeLessThan(article.x);
    expect(await computedStyle(page, '.op-article .op-page-title', 'text-align')).toBe('start');
    expect(await computedStyle(page, '.op-article .op-page-title', 'direction')).toBe('rtl');
    // The TOC's rail is on its right, where the text starts.
    expect(await computedStyle(page, '.op-toc-list', 'border-right-width')).toBe('1px');
    expect(await computedStyle(page, '.op-toc-list', 'border-left-width')).toBe('0px');
    // Code reads left to right.
    expect(await computedStyle(page, '.op-code-pre', 'direction')).toBe('ltr');
    // Previous is on the right, Next on the left, its arrow pointing left (the icon drawn mirrored).
    const prev = await box('.op-pagination-prev');
    const next = await box('.op-pagination-next');
    expect(next.x + next.width).toBeLessThan(prev.x);
    expect(await computedStyle(page, '.op-pagination-next .op-pagination-arrow svg', 'transform')).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );
    // A closed group's chevron points left, to where its pages are read from.
    expect(await computedStyle(page, '.op-nav-sub:not([open]) .op-nav-chevron svg', 'transform')).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );
    await page.close();
  });

  it('opens the phone drawer from the right', async () => {
    const page = await arabic.browser.newPage({ viewport: { width: 390, height: 800 } });
    await page.goto(`${arabic.server.url}/ar/install`);
    await page.locator('[data-op-nav-toggle]').first().click();
    await expect
      .poll(async () => {
        const b = await page.locator('#sidebar').boundingBox();
        return b ? Math.round(b.x + b.width) : -1;
      })
      .toBe(390);
    await page.close();
  });
});
