/**
 * A page's time limit in its render sandbox is wall time, which a loaded machine stretches: an export
 * beside other work saw highlighting overrun 10 s, and the page's plain code (or, for a page render, the
 * error box) was cached and exported as the page. So a page that overran is tried once more, with three
 * times the limit; a page that never ends still fails, with its configured limit as the reason.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterEach(() => configureRenderSandbox(silentLogger()));

/** A page whose render takes `busyMs` of the sandbox's time (a project's slow component, a loaded CPU). */
function slowPage(busyMs: number): string {
  return `# Slow\n\n{(() => { const end = Date.now() + ${busyMs}; while (Date.now() < end) {} return 'Rendered at last.'; })()}\n`;
}

async function render(body: string): Promise<{ html: string; failed: boolean }> {
  const dir = writeProject({ 'docs.json': docsJson({ navigation: { pages: ['index'] } }), 'index.mdx': body });
  const model = loadSiteProject(dir);
  const page = model.pages.get('index');
  if (page === undefined) throw new Error('no page index');
  const rendered = await renderPageSource(model, dir, page);
  return { html: rendered.html, failed: rendered.html.includes('took longer than') };
}

describe('a page that overruns its time in the render sandbox', () => {
  it('renders on its second try, given three times the time', async () => {
    configureRenderSandbox(silentLogger(), { pageTimeoutMs: 1_500 });
    const page = await render(slowPage(2_500));
    expect(page.failed, page.html).toBe(false);
    expect(page.html).toContain('Rendered at last.');
  });

  it('still fails when it never ends, saying its configured limit', async () => {
    configureRenderSandbox(silentLogger(), { pageTimeoutMs: 500 });
    const started = Date.now();
    const page = await render('# Endless\n\n{(() => { while (true) {} })()}\n');
    expect(page.failed).toBe(true);
    expect(page.html).toContain('took longer than 0.5 s to render');
    // Both tries ran out: 0.5 s, then 1.5 s.
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
  });
});
