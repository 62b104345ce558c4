import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../server/domain/apiKeys.js';
import { createOrganization, createProject } from '../server/domain/organizations.js';
import { getByPage, getError, getFeedback, getRead, type ReadRoute } from './helpers/feedbackApi.js';
import { CATALOG } from './helpers/feedbackCatalog.js';
import { generateEntries, ids } from './helpers/feedbackFixtures.js';
import { importEntries, startTestServer, type TestServer } from './helpers/server.js';

describe('GET /v1/analytics/{projectId}/feedback[/by-page]: projects of other organizations', () => {
  let t: TestServer;
  let otherProjectId: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await startTestServer();
    await importEntries(t, CATALOG);
    const org = createOrganization(t.runtime, { name: 'Other org', plan: 'free' });
    otherProjectId = createProject(t.runtime, { orgId: org.id, name: 'Theirs', domain: 'theirs.localhost' }).id;
    otherKey = createApiKey(t.runtime, { orgId: org.id, name: 'theirs' }).key;
    const ndjson = generateEntries(3, { prefix: 'x' })
      .map((line) => JSON.stringify(line))
      .join('\n');
    const importAs = (key: string): Promise<Response> =>
      t.api(`/v1/analytics/${otherProjectId}/feedback/import`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/x-ndjson' },
        body: ndjson,
      });
    // Our key cannot write into their project either; theirs can.
    expect((await importAs(t.key)).status).toBe(404);
    const res = await importAs(otherKey);
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const routes: ReadRoute[] = ['feedback', 'by-page'];

  it.each(routes)("%s: another organization's project gets the same 404 as one that does not exist", async (route) => {
    const missing = 'prj_doesnotexist0000000000';
    const unknown = await getRead(t, route, {}, { projectId: missing });
    const foreign = await getRead(t, route, {}, { projectId: otherProjectId });
    expect(unknown.status).toBe(404);
    expect(foreign.status).toBe(404);
    expect(foreign.contentType).toBe(unknown.contentType);
    await getError(t, route, {}, 404, { projectId: otherProjectId });
    // The bodies differ only by the id the caller sent.
    expect(JSON.stringify(foreign.body).replaceAll(otherProjectId, '{id}')).toBe(
      JSON.stringify(unknown.body).replaceAll(missing, '{id}'),
    );
    // Filters and a valid cursor change nothing.
    const cursor = (await getFeedback(t, { limit: '1' })).nextCursor ?? '';
    const filtered = await getRead(t, route, { status: 'pending', limit: '1', cursor }, { projectId: otherProjectId });
    expect(filtered).toStrictEqual(foreign);
  });

  it.each(routes)("%s: the other organization's key sees its own project and not ours", async (route) => {
    await getError(t, route, {}, 404, { projectId: t.projectId, key: otherKey });
    const ownBody =
      route === 'feedback'
        ? ids((await getFeedback(t, {}, { projectId: otherProjectId, key: otherKey })).feedback)
        : (await getByPage(t, {}, { projectId: otherProjectId, key: otherKey })).feedback.map((p) => p.total);
    expect(ownBody).toEqual(route === 'feedback' ? ['x-0001', 'x-0002', 'x-0003'] : [1, 1, 1]);
  });
});
