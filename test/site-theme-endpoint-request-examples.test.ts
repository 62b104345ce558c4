/**
 * A request body with several named examples (`examples: {single, bulk}` on its media type): the request
 * panel carries a set of samples per example, named by its `summary` (else its key), the first shown and
 * the others hidden until the reader picks one (the client adds the picker), so no example the author
 * wrote is left out. One example keeps the single strip it had.
 */
import type { HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { endpointPageOf } from './helpers/endpointPages.js';

const ITEM = { type: 'object', properties: { item: { type: 'string' }, quantity: { type: 'integer' } } };

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Orders', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/orders': {
      post: {
        summary: 'Create an order',
        requestBody: {
          content: {
            'application/json': {
              schema: ITEM,
              examples: {
                single: { summary: 'One item', value: { item: 'apple', quantity: 1 } },
                bulk: { $ref: '#/components/examples/Bulk' },
              },
            },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
    '/carts': {
      post: {
        summary: 'Create a cart',
        requestBody: {
          content: { 'application/json': { schema: ITEM, examples: { only: { value: { item: 'pear' } } } } },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
  },
  components: { examples: { Bulk: { value: { item: 'apple', quantity: 144 } } } },
};

const page = (path: string): Promise<HTMLElement> => endpointPageOf(SPEC, path);

/** The cURL sample of a strip of request samples. */
function curlOf(strip: HTMLElement): string {
  const panel = strip.querySelectorAll(':scope > [data-op-tab-panel]').find((p) => p.id.endsWith('-0'));
  return panel?.querySelector('pre')?.textContent ?? '';
}

describe('request examples of a body with several named examples', () => {
  it('carry a set of samples per example, the first shown, in one request panel', async () => {
    const root = await page('/orders');
    const panels = root.querySelectorAll('[data-op-example="request"]');
    expect(panels).toHaveLength(1);
    const strips = panels[0]?.querySelectorAll(':scope > .op-request-example[data-op-tabs]') ?? [];
    expect(strips.map((s) => [s.getAttribute('data-op-example-name'), s.hasAttribute('hidden')])).toEqual([
      ['One item', false],
      ['bulk', true],
    ]);
    expect(curlOf(strips[0] as HTMLElement)).toContain('"quantity": 1\n');
    expect(curlOf(strips[1] as HTMLElement)).toContain('"quantity": 144');
    // Each set has every language.
    expect(strips.map((s) => s.querySelectorAll('[data-op-tab]').length)).toEqual([6, 6]);
  });

  it('keep the single strip of a body with one example', async () => {
    const root = await page('/carts');
    const panel = root.querySelector('[data-op-example="request"]');
    expect(panel?.classList.contains('op-request-example')).toBe(true);
    expect(panel?.hasAttribute('data-op-example-name')).toBe(false);
    expect(curlOf(panel as HTMLElement)).toContain('"item": "pear"');
  });
});
