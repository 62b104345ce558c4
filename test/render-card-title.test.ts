/**
 * A Card's title given as markup is drawn, as Mintlify draws it: Livepeer's cards write
 * `title={<span><Icon icon="bolt" /> Real-time AI</span>}` and `title={<CustomCardTitle ... />}`, and
 * showed no title at all (only strings were read). A linked card's title links, and names the link.
 */
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { closeRenderSandbox } from '../server/sites/sandbox/shared.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterAll(() => closeRenderSandbox());

describe('a card whose title is markup', () => {
  it('draws the markup as its title, linked when the card is', async () => {
    const dir = writeProject({
      'docs.json': docsJson({ navigation: { pages: ['index', 'guides/a'] } }),
      'guides/a.mdx': '---\ntitle: A\n---\n\nA.\n',
      'index.mdx': [
        '---',
        'title: Home',
        '---',
        '',
        'export const CardTitle = ({ title }) => <span className="card-title-own">{title}</span>;',
        '',
        '<Card title={<span><Icon icon="bolt" /> Real-time AI</span>}>Fast.</Card>',
        '',
        '<Card title={<CardTitle title="Community Hub" />} href="/guides/a">Join.</Card>',
        '',
        '<Card title="Plain">Text.</Card>',
        '',
      ].join('\n'),
    });
    const model = loadSiteProject(dir);
    const page = model.pages.get('index');
    if (page === undefined) throw new Error('fixture: no index page');
    const dom = parse((await renderPageSource(model, dir, page)).html);
    const titles = dom.querySelectorAll('.op-card-title');
    expect(titles.map((t) => t.textContent.trim())).toEqual(['Real-time AI', 'Community Hub', 'Plain']);
    expect(titles[0]?.querySelector('[data-icon="bolt"]')).not.toBeNull();
    const link = titles[1]?.querySelector('a.op-card-anchor');
    expect(link?.getAttribute('href')).toBe('/guides/a');
    expect(link?.querySelector('.card-title-own')?.textContent).toBe('Community Hub');
  });
});
