/**
 * A property two `allOf` branches both name is merged, not replaced: the later one refines it (another
 * `$ref`, required now) and what it leaves unsaid the earlier one still says. Delora's
 * `PopulatedAdvancedStepDto` (`allOf: [AdvancedRouteStepDto, {properties: {transactionRequest: {$ref}}}]`)
 * lost the description the route step gives `transactionRequest`. A schema's own list refines its branches.
 */
import type { HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { endpointPageOf } from './helpers/endpointPages.js';

const spec = {
  openapi: '3.1.0',
  info: { title: 'T', version: '1' },
  components: {
    schemas: {
      Step: {
        type: 'object',
        properties: {
          tool: { type: 'string', description: 'The bridge or exchange used.' },
          transactionRequest: { type: 'object', description: 'Executable transaction payload of a populated step.' },
          note: { type: 'string', description: 'Said by the step.' },
        },
      },
      Request: { type: 'object', properties: { to: { type: 'string', description: 'Contract to call.' } } },
      PopulatedStep: {
        allOf: [
          { $ref: '#/components/schemas/Step' },
          {
            properties: {
              transactionRequest: { $ref: '#/components/schemas/Request' },
              note: { type: 'string', description: 'Said by the populated step.' },
            },
            required: ['transactionRequest'],
          },
        ],
        properties: { tool: { type: 'string', enum: ['across', 'relay'] } },
      },
    },
  },
  paths: {
    '/steps': {
      post: {
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/PopulatedStep' } } },
          },
        },
      },
    },
  },
};

function field(page: HTMLElement, name: string): HTMLElement | undefined {
  return page.querySelectorAll('.op-field').find((f) => f.querySelector('.op-field-name')?.textContent === name);
}

describe('a property named by several allOf branches', () => {
  it('keeps what the earlier says and the later leaves unsaid, the later winning where both speak', async () => {
    const page = await endpointPageOf(spec, '/steps');
    const request = field(page, 'transactionRequest');
    expect(request?.textContent).toContain('Executable transaction payload of a populated step.');
    expect(request?.querySelector('.op-field-required')).not.toBeNull();
    // The later branch's `$ref` still gives its fields.
    expect(request?.textContent).toContain('Contract to call.');
    const note = field(page, 'note')?.textContent ?? '';
    expect(note).toContain('Said by the populated step.');
    expect(note).not.toContain('Said by the step.');
    // The schema's own `tool` (an enum now) keeps the branch's description.
    const tool = field(page, 'tool')?.textContent ?? '';
    expect(tool).toContain('The bridge or exchange used.');
    expect(tool).toContain('across');
  });
});
