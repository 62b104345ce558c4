/**
 * `oneOf`/`anyOf` schemas in endpoint pages: Mintlify shows the alternatives "in a tabbed container", a tab
 * per subschema named by its `title` (docs: api-playground/schemas-and-responses, "Offer options with oneOf
 * and anyOf"). A body that is itself a choice shows the tabs under its heading; a field that is one shows
 * them under its row. Each tab lists its alternative's fields, with the ids Mintlify's rows have.
 */
import type { HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { endpointPageOf } from './helpers/endpointPages.js';

const PO_BOX = {
  title: 'POBox',
  type: 'object',
  required: ['box_number'],
  properties: {
    box_number: { type: 'string', description: 'The number of the PO Box' },
    city: { type: 'string' },
  },
};

const SPEC = {
  openapi: '3.0.3',
  info: { title: 'Deliveries', version: '1' },
  servers: [{ url: 'https://api.example.test' }],
  paths: {
    '/deliveries': {
      post: {
        summary: 'Create a delivery',
        requestBody: {
          content: {
            'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/StreetAddress' }, PO_BOX] } },
          },
        },
        responses: { '200': { description: 'OK' } },
      },
    },
    '/orders': {
      post: {
        summary: 'Create an order',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  item: { type: 'string' },
                  delivery_address: { anyOf: [{ $ref: '#/components/schemas/StreetAddress' }, PO_BOX] },
                },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'OK',
            content: {
              'application/json': {
                schema: { oneOf: [{ title: 'Accepted', type: 'object', properties: { id: { type: 'string' } } }] },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      StreetAddress: {
        type: 'object',
        required: ['address_line_1'],
        properties: { address_line_1: { type: 'string' }, postcode: { type: 'string' } },
      },
    },
  },
};

const page = (path: string): Promise<HTMLElement> => endpointPageOf(SPEC, path);

/** The section under the heading `title`. */
function section(root: HTMLElement, title: string): HTMLElement {
  const found = root
    .querySelectorAll('.op-endpoint-section')
    .find((s) => s.querySelector('h2')?.textContent.startsWith(title) === true);
  if (found === undefined) throw new Error(`no section ${title}`);
  return found;
}

/** Each tab of a variant container: its label, whether it is hidden, and its rows' names (and ids). */
function tabsOf(container: HTMLElement | null): { label: string; hidden: boolean; rows: string[] }[] {
  if (container === null) throw new Error('no variant tabs');
  const labels = container.querySelectorAll(':scope > .op-tab-list > [data-op-tab]').map((t) => t.textContent);
  return container.querySelectorAll(':scope > [data-op-tab-panel]').map((panel, i) => ({
    label: labels[i] ?? '',
    hidden: panel.hasAttribute('hidden'),
    rows: panel
      .querySelectorAll(':scope > .op-field')
      .map((f) => `${f.querySelector('.op-field-name')?.textContent ?? ''}#${f.id}`),
  }));
}

describe('oneOf/anyOf in endpoint pages', () => {
  it('shows a body that is a choice as tabs under the Body heading, one per alternative, with its fields', async () => {
    const body = section(await page('/deliveries'), 'Body');
    const container = body.querySelector(':scope > .op-variant-tabs');
    expect(container?.getAttribute('data-op-tabs')).toBe('');
    // Choosing an alternative here is no choice of language or package elsewhere on the page.
    expect(container?.getAttribute('data-sync')).toBe('false');
    expect(tabsOf(container)).toEqual([
      {
        label: 'StreetAddress',
        hidden: false,
        rows: ['address_line_1#body-address-line-1', 'postcode#body-postcode'],
      },
      { label: 'POBox', hidden: true, rows: ['box_number#body-box-number', 'city#body-city'] },
    ]);
    // No stand-in "body" row with the alternatives folded under it.
    expect(body.querySelector('.op-field-name')?.textContent).toBe('address_line_1');
    expect(body.querySelector('.op-variant-tabs .op-field-required')?.textContent).toBe('required');
  });

  it("shows a field that is a choice with the tabs under its row, ids under the field's", async () => {
    const body = section(await page('/orders'), 'Body');
    const row = body.querySelector('#body-delivery-address');
    expect(tabsOf(row?.querySelector('.op-field-body > .op-variant-tabs') ?? null)).toEqual([
      {
        label: 'StreetAddress',
        hidden: false,
        rows: ['address_line_1#body-delivery-address-address-line-1', 'postcode#body-delivery-address-postcode'],
      },
      {
        label: 'POBox',
        hidden: true,
        rows: ['box_number#body-delivery-address-box-number', 'city#body-delivery-address-city'],
      },
    ]);
  });

  it('shows a response that is a choice as tabs too', async () => {
    const response = section(await page('/orders'), 'Response');
    expect(tabsOf(response.querySelector('.op-response .op-variant-tabs'))).toEqual([
      { label: 'Accepted', hidden: false, rows: ['id#response-id'] },
    ]);
  });
});
