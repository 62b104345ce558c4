/**
 * Issue 11 point 6, at the renderer: an image, video or card picture the project does not hold (the
 * import report lists it as a missing asset) becomes a labelled placeholder rather than a request that
 * every page showing it would log as a 404 console error. Files the project holds render as before.
 * Pages render as the server renders them: in the render sandbox, from a real project folder.
 */
import { parse } from 'node-html-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { closeRenderSandbox } from '../server/sites/sandbox/shared.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterAll(() => closeRenderSandbox());

/** The project at `dir` loaded, and its index page rendered as the server renders it. */
async function renderIndex(dir: string) {
  const model = loadSiteProject(dir);
  const page = model.pages.get('index');
  if (page === undefined) throw new Error('fixture: no index page');
  return { model, dom: parse((await renderPageSource(model, dir, page)).html) };
}

const PNG = Buffer.from('89504e470d0a1a0a', 'hex');

describe('missing project media', () => {
  it('shows placeholders for files the project lacks and keeps the ones it has', async () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'images/here.png': PNG,
      'index.mdx': [
        '---',
        'title: Home',
        '---',
        '',
        '![Present](/images/here.png)',
        '',
        '![Lifecycle diagram](/images/gone.png)',
        '',
        '<img src="images/also%20gone.png" />',
        '',
        '<video src="/videos/gone.mp4" poster="/images/gone.png" />',
        '',
        '<Card title="Card" img="/images/gone.png">Text</Card>',
        '',
      ].join('\n'),
    });
    const { model, dom } = await renderIndex(dir);

    expect(dom.querySelectorAll('img').map((img) => img.getAttribute('src'))).toEqual(['/images/here.png']);
    expect(dom.querySelectorAll('video')).toEqual([]);
    const placeholders = dom.querySelectorAll('[data-op-missing-src]');
    expect(placeholders.map((p) => p.getAttribute('data-op-missing-src'))).toEqual([
      '/images/gone.png',
      '/images/also%20gone.png',
      '/videos/gone.mp4',
    ]);
    expect(placeholders.map((p) => p.querySelector('.op-remote-label')?.text)).toEqual([
      'Lifecycle diagram',
      'Image not found: /images/also%20gone.png',
      'Video not found: /videos/gone.mp4',
    ]);
    // The import report lists each of them.
    expect(model.problems.filter((p) => p.code === 'missing-asset').length).toBeGreaterThanOrEqual(3);
  });
  it('keeps the classes of the image it stands in for, so a light/dark pair shows one placeholder per mode', async () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': [
        '---',
        'title: Home',
        '---',
        '',
        '<img className="block dark:hidden h-[600px] rounded" src="/images/light.png" alt="Light" />',
        '<img class="hidden dark:block" src="https://cdn.example.org/dark.png" alt="Dark" />',
        '',
      ].join('\n'),
    });
    const { dom } = await renderIndex(dir);

    const light = dom.querySelector('[data-op-missing-src="/images/light.png"]');
    const dark = dom.querySelector('[data-op-remote-src="https://cdn.example.org/dark.png"]');
    expect(light?.classList.value).toEqual([
      'op-remote-media',
      'op-missing-media',
      'op-remote-image',
      'block',
      'dark:hidden',
    ]);
    expect(dark?.classList.value).toEqual(expect.arrayContaining(['op-remote-media', 'hidden', 'dark:block']));
  });
});
