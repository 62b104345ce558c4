/**
 * An image or video hosted elsewhere in the MDX body of an OpenAPI endpoint page shows as a placeholder like
 * on any other page, and the import report lists it like on any other page: the endpoint page kept only the
 * body's HTML, text and assets, so the report never heard of its remote media (`offprint pack`, which
 * renders the file itself, did fetch it).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createProject, defaultOrganizationId } from '../server/domain/organizations.js';
import { importSiteAndIndex } from '../server/domain/sites.js';
import { docsJson, openTempRuntime, writeProject } from './helpers/siteProjects.js';

describe('remote media on endpoint pages', () => {
  const rt = openTempRuntime();
  afterAll(() => rt.close());

  it('lists the remote media of an endpoint page body in the import report', async () => {
    const source = writeProject({
      'docs.json': docsJson({ openapi: 'openapi.json', navigation: { pages: ['index', 'ping'] } }),
      'index.mdx': '---\ntitle: Home\n---\n\nHome.\n',
      'openapi.json': {
        openapi: '3.0.0',
        info: { title: 'T', version: '1' },
        paths: { '/ping': { get: { summary: 'Ping', responses: { '200': { description: 'OK' } } } } },
      },
      'ping.mdx': '---\nopenapi: GET /ping\n---\n\n![Flow](https://cdn.example.com/flow.png)\n',
    });
    const projectId = createProject(rt, { orgId: defaultOrganizationId(rt), name: 'm', domain: 'm.localhost' }).id;
    const imported = await importSiteAndIndex(rt, projectId, source);
    const remote = imported.model.problems.filter((p) => p.code === 'remote-asset').map((p) => [p.file, p.message]);
    expect(remote).toEqual([
      [
        'ping.mdx',
        'https://cdn.example.com/flow.png: media hosted elsewhere cannot load offline; ' +
          'run `offprint pack` on a connected machine and import its zip',
      ],
    ]);
  }, 120_000);
});
