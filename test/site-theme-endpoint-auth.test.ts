/**
 * An operation whose security requirement names several schemes needs them all (OpenAPI: the schemes
 * of one requirement are sent together), as Mintlify's playground asks for each: a row per scheme under
 * Authorizations, and every request sample sends each header (Bytez's closed-source models:
 * `[{ apiKeyAuth: [], providerKeyAuth: [] }]` showed `Authorization` only, and samples without
 * `Provider-Key` would fail against the API). A second requirement is an alternative: the first is shown.
 */
import { describe, expect, it } from 'vitest';
import { endpointPageOf } from './helpers/endpointPages.js';

const spec = (security: unknown): Record<string, unknown> => ({
  openapi: '3.0.3',
  info: { title: 'Models', version: '1' },
  servers: [{ url: 'https://api.models.test' }],
  components: {
    securitySchemes: {
      apiKeyAuth: { type: 'apiKey', in: 'header', name: 'Authorization' },
      providerKeyAuth: { type: 'apiKey', in: 'header', name: 'Provider-Key', description: "The provider's key." },
      session: { type: 'apiKey', in: 'cookie', name: 'sid' },
      team: { type: 'apiKey', in: 'cookie', name: 'team' },
    },
  },
  paths: {
    '/models/run': {
      post: { summary: 'Run a model', security, responses: { '200': { description: 'OK' } } },
    },
  },
});

describe('a security requirement of several schemes', () => {
  it('lists each scheme under Authorizations and sends every header in every sample', async () => {
    const page = await endpointPageOf(spec([{ apiKeyAuth: [], providerKeyAuth: [] }]), '/models/run');
    const section = page.querySelectorAll('section').find((s) => s.querySelector('h2')?.id === 'authorizations');
    expect(section?.querySelectorAll('.op-field-name').map((n) => n.text)).toEqual(['Authorization', 'Provider-Key']);
    expect(section?.text).toContain("The provider's key.");
    const samples = page.querySelectorAll('pre').map((pre) => pre.text);
    const curl = samples.find((code) => code.startsWith('curl'));
    expect(curl).toContain("--header 'Authorization: <api-key>'");
    expect(curl).toContain("--header 'Provider-Key: <api-key>'");
    for (const code of samples.filter((c) => !c.startsWith('curl') && c.includes('api.models.test'))) {
      expect(code).toContain('Provider-Key');
    }
  });

  it('sends cookie schemes in one cookie, and shows only the first of alternative requirements', async () => {
    const cookies = await endpointPageOf(spec([{ session: [], team: [] }]), '/models/run');
    const curl = cookies.querySelectorAll('pre').find((pre) => pre.text.startsWith('curl'))?.text;
    expect(curl).toContain("--cookie 'sid=<api-key>; team=<api-key>'");
    const either = await endpointPageOf(spec([{ apiKeyAuth: [] }, { providerKeyAuth: [] }]), '/models/run');
    const section = either.querySelectorAll('section').find((s) => s.querySelector('h2')?.id === 'authorizations');
    expect(section?.querySelectorAll('.op-field-name').map((n) => n.text)).toEqual(['Authorization']);
  });
});
