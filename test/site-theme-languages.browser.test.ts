/**
 * The client script's interface text follows the page's language (`<html lang>`): the search dialog, the
 * feedback form's prompt and the code blocks' copy button of a French page are in French.
 */
import { expect, it } from 'vitest';
import { docsJson, writeProject } from './helpers/siteProjects.js';
import { themeInChromium } from './helpers/themeInChromium.js';

function bilingualProject(): string {
  const page = (title: string): string => `---\ntitle: ${title}\n---\n\n## One\n\n\`\`\`bash\necho hi\n\`\`\`\n`;
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
});
