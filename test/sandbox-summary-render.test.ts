/**
 * Issue 13, import memory: an import renders every page only for its search record, so it asks the
 * sandbox for a summary: the same headings, text, remote media and warnings as a full render, without
 * the body's HTML (which crossed the IPC channel, and was parsed and validated, for nothing). Pages
 * render as the server renders them: in the render sandbox, from a real project folder.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadSiteProject } from '../server/sites/project/model.js';
import { renderPageSource } from '../server/sites/sandbox/page.js';
import { closeRenderSandbox } from '../server/sites/sandbox/shared.js';
import { docsJson, writeProject } from './helpers/siteProjects.js';

afterAll(() => closeRenderSandbox());

describe('summary renders', () => {
  it('give what a full render gives, except the body HTML', async () => {
    const dir = writeProject({
      'docs.json': docsJson(),
      'index.mdx': [
        '---',
        'title: Home',
        '---',
        '',
        '## Getting started',
        '',
        'Install the **widget** and configure it.',
        '',
        '![Remote diagram](https://example.com/diagram.png)',
        '',
        '<Note>Keep your key secret.</Note>',
        '',
      ].join('\n'),
    });
    const model = loadSiteProject(dir);
    const page = model.pages.get('index');
    if (page === undefined) throw new Error('the project has no index page');
    const full = await renderPageSource(model, dir, page);
    const summary = await renderPageSource(model, dir, page, { summary: true });
    expect(full.html).toContain('Getting started');
    expect(summary.html).toBe('');
    const { html: _fullHtml, ...fullRest } = full; // eslint-disable-line @typescript-eslint/no-unused-vars
    const { html: _summaryHtml, ...summaryRest } = summary; // eslint-disable-line @typescript-eslint/no-unused-vars
    expect(summaryRest).toEqual(fullRest);
    expect(summary.text).toContain('Keep your key secret');
    expect(summary.headings.map((h) => h.text)).toEqual(['Getting started']);
  });
});
