/**
 * An empty string in a schema (`default: ""`, an enum option `""`) is shown quoted, as Mintlify shows it:
 * bare, ScrapeGraph's `error` field read "default:" and an empty box.
 */
import { describe, expect, it } from 'vitest';
import { endpointPageOf } from './helpers/endpointPages.js';

const spec = {
  openapi: '3.0.0',
  info: { title: 'T', version: '1' },
  paths: {
    '/jobs': {
      get: {
        parameters: [{ name: 'state', in: 'query', schema: { type: 'string', enum: ['', 'done'], default: 'done' } }],
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: { type: 'object', properties: { error: { type: 'string', default: '' } } },
              },
            },
          },
        },
      },
    },
  },
};

describe('empty strings in an endpoint page', () => {
  it('quotes an empty default and an empty enum option, and leaves other values bare', async () => {
    const page = await endpointPageOf(spec, '/jobs');
    const defaults = page.querySelectorAll('.op-field-default code').map((c) => c.textContent);
    expect(defaults).toEqual(['done', '""']);
    const options = page.querySelectorAll('.op-field-enum code').map((c) => c.textContent);
    expect(options).toEqual(['""', 'done']);
  });
});
