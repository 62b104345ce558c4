/**
 * An `<iframe>` of a page hosted elsewhere (a YouTube player) cannot load offline: the page shows a link to
 * it, and the import report says so, as it does for remote images and videos. Pica's docs embed a video at
 * the top of three pages, and the report was silent about all three. `offprint pack` fetches files, not web
 * pages, so the message does not send the author there; a project's own page in an iframe is no problem.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { importSiteAndIndex } from '../server/domain/sites.js';
import { docsJson, openTempRuntime, writeProject } from './helpers/siteProjects.js';

describe('remote embeds in the import report', () => {
  const rt = openTempRuntime();
  afterAll(() => rt.close());

  it('lists an iframe of a page hosted elsewhere, once per page, and not a project page', async () => {
    const source = writeProject({
      'docs.json': docsJson({ openapi: 'openapi.json', navigation: { pages: ['index', 'other', 'ping'] } }),
      'openapi.json': {
        openapi: '3.0.0',
        info: { title: 'T', version: '1' },
        paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'OK' } } } } },
      },
      'ping.mdx': '---\nopenapi: GET /ping\n---\n\n<iframe src="https://player.vimeo.com/video/1" />\n',
      'index.mdx':
        '---\ntitle: Home\n---\n\n<iframe src="https://www.youtube.com/embed/abc" title="Demo" />\n\n' +
        '<iframe src="https://www.youtube.com/embed/abc" />\n\n<iframe src="/demo.html" title="Local" />\n',
      'other.mdx': '---\ntitle: Other\n---\n\n<Frame><iframe src="https://www.loom.com/embed/xyz" /></Frame>\n',
      'demo.html': '<p>Demo</p>',
    });
    const projectId = createProject(rt, { orgId: defaultOrganizationId(rt), name: 'e', domain: 'e.localhost' }).id;
    const imported = await importSiteAndIndex(rt, projectId, source);
    const remote = imported.model.problems.filter((p) => p.code === 'remote-asset').map((p) => [p.file, p.message]);
    const hint = 'a web page embedded from elsewhere cannot load offline; readers get a link to it instead';
    expect(remote).toEqual([
      ['index.mdx', `https://www.youtube.com/embed/abc: ${hint}`],
      ['other.mdx', `https://www.loom.com/embed/xyz: ${hint}`],
      ['ping.mdx', `https://player.vimeo.com/video/1: ${hint}`],
    ]);
  }, 120_000);
});
