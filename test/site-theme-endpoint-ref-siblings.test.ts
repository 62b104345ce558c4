/**
 * What a spec writes beside a `$ref` describes that use of the target and is shown over the target's own:
 * Bevor's `network: {$ref: NetworkEnum, nullable: true, description: "Network the contract is deployed
 * on"}` showed a bare enum, and a 3.1 field's own description was replaced by its type's.
 */
import { describe, expect, it } from 'vitest';
import type { HTMLElement } from 'node-html-parser';
import { endpointPageOf } from './helpers/endpointPages.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  components: {
    schemas: {
      Status: { type: 'string', enum: ['on', 'off'], description: 'Generic status.' },
      Pet: { type: 'object', description: 'A pet.', properties: { name: { type: 'string' } } },
    },
  },
  paths: {
    '/things': {
      post: {
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  status: { $ref: '#/components/schemas/Status', description: 'Status of the new thing.' },
                  owner: { $ref: '#/components/schemas/Pet', description: 'Who owns it.', deprecated: true },
                  plain: { $ref: '#/components/schemas/Status' },
                },
              },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
};

function field(page: HTMLElement, name: string): HTMLElement | undefined {
  return page.querySelectorAll('.op-field').find((f) => f.querySelector('.op-field-name')?.textContent === name);
}

describe('keys beside a $ref', () => {
  it("show the field's own description and flags over its type's", async () => {
    const page = await endpointPageOf(spec, '/things');
    expect(field(page, 'status')?.textContent).toContain('Status of the new thing.');
    expect(field(page, 'status')?.textContent).not.toContain('Generic status.');
    const owner = field(page, 'owner');
    expect(owner?.textContent).toContain('Who owns it.');
    expect(owner?.querySelector('.op-field-deprecated')).not.toBeNull();
    // Without its own words, a field still shows its type's.
    expect(field(page, 'plain')?.textContent).toContain('Generic status.');
  });
});
