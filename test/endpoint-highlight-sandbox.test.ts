/**
 * An endpoint page's request samples and response examples are highlighted in the project's render
 * sandbox, not on the server's event loop (a grammar's first load compiles it and those it embeds, up to
 * a second or so: the server's /health must answer meanwhile; hostile-projects.e2e measures that). The
 * HTML is the same as highlighting in process; a sandbox that cannot highlight leaves the code plain and
 * says so in the page's warnings, never failing the page; a search summary needs no grammar at all.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { loadSiteProject, type SitePage } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { configureRenderSandbox } from '../server/sites/sandbox/shared.js';
import { highlightHere } from '../server/sites/theme/endpoint/code.js';
import { renderEndpointPage } from '../server/sites/theme/endpoint/endpoint.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterEach(() => configureRenderSandbox(silentLogger()));

// <pre> is parsed as markup (node-html-parser keeps it as raw text by default).
const parse = (html: string): HTMLElement => parseHtml(html, { blockTextElements: { script: true, style: true } });

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Flags', version: '1' },
  servers: [{ url: 'https://api.flags.test' }],
  paths: {
    '/flags': {
      post: {
        summary: 'Create a flag',
        requestBody: {
          content: { 'application/json': { schema: { type: 'object', properties: { key: { type: 'string' } } } } },
        },
        responses: { '201': { description: 'Created', content: { 'application/json': { example: { id: 7 } } } } },
      },
    },
  },
};

function endpointProject(): { model: ReturnType<typeof loadSiteProject>; page: SitePage } {
  const dir = writeProject({
    'docs.json': docsJson({ navigation: { groups: [{ group: 'API', openapi: 'openapi.json' }] } }),
    'openapi.json': SPEC,
  });
  const model = loadSiteProject(dir);
  const page = [...model.pages.values()].find((p) => p.operation !== undefined);
  if (page === undefined) throw new Error('the project has no endpoint page');
  return { model, page };
}

/** Each code block's language and whether Shiki coloured it (a span with a token colour). */
function blocks(html: string): { lang: string | undefined; coloured: boolean }[] {
  return parse(html)
    .querySelectorAll('.op-code')
    .map((block) => ({
      lang: block.getAttribute('data-lang'),
      coloured: block.innerHTML.includes('var(--op-code-token-'),
    }));
}

describe('endpoint page highlighting', () => {
  it('happens in the render sandbox and gives the HTML highlighting in process gives', async () => {
    const { model, page } = endpointProject();
    expect(page.file).toBeNull();
    const served = await renderPageSource(model, model.rootDir, page);
    const seen = blocks(served.html);
    expect(seen.map((b) => b.lang)).toEqual(['bash', 'python', 'javascript', 'php', 'go', 'java', 'json']);
    expect(seen.every((b) => b.coloured)).toBe(true);
    expect(served.warnings).toEqual([]);
    const operation = page.operation;
    if (operation === undefined) throw new Error('unreachable');
    expect(served.html).toBe((await renderEndpointPage(model, operation, highlightHere)).html);
  });

  it('leaves the code plain, with a warning, when the sandbox cannot highlight in time', async () => {
    const { model, page } = endpointProject();
    configureRenderSandbox(silentLogger(), { pageTimeoutMs: 1 });
    const served = await renderPageSource(model, model.rootDir, page);
    const seen = blocks(served.html);
    expect(seen).toHaveLength(7);
    expect(seen.some((b) => b.coloured)).toBe(false);
    expect(parse(served.html).querySelector('.op-code pre code')?.text).toContain('curl --request POST');
    expect(served.warnings).toEqual([
      expect.stringMatching(/^code samples shown without highlighting: highlighting took longer than .* s/),
    ]);
  });

  it('needs no grammar for a search summary: same text, the code plain', async () => {
    const { model, page } = endpointProject();
    // A sandbox that would fail any request: the summary never asks one.
    configureRenderSandbox(silentLogger(), { pageTimeoutMs: 1 });
    const summary = await renderPageSource(model, model.rootDir, page, { summary: true });
    configureRenderSandbox(silentLogger());
    const full = await renderPageSource(model, model.rootDir, page);
    expect(summary.warnings).toEqual([]);
    expect(summary.text).toBe(full.text);
    expect(summary.headings).toEqual(full.headings);
    expect(blocks(summary.html).some((b) => b.coloured)).toBe(false);
  });
});
