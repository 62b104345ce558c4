/**
 * What an endpoint page says of fields whose schema is a choice, as a real API's spec writes them (an
 * OpenAI-compatible chat completion): a list of messages of several kinds (`items: {anyOf: [...]}`) shows
 * its kinds as tabs with their fields, as a field that is a choice does; an alternative that is a value
 * rather than an object (`tool_choice: "none" | "auto" | {...}`, `keep: integer >= 1 | "all"`) says what
 * it allows in its tab; type labels name each type once and enums as Mintlify does (`enum<string> | null`);
 * and the request sample fills values six objects down (an OpenTelemetry trace) instead of `{}`.
 */
import type { HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { exampleOf } from '../server/sites/theme/endpoint/example.js';
import { SchemaContext } from '../server/sites/theme/endpoint/schema.js';
import { endpointPageOf } from './helpers/endpointPages.js';

const message = (role: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: `${role} message`,
  type: 'object',
  required: ['role'],
  properties: { role: { type: 'string', enum: [role] }, content: { type: 'string' }, ...extra },
});

/** A message's content: text, or a list of parts of several kinds. */
const CONTENT = {
  anyOf: [
    { type: 'string' },
    {
      type: 'array',
      items: {
        anyOf: [
          { title: 'Text part', type: 'object', properties: { text: { type: 'string' } } },
          { title: 'Image part', type: 'object', properties: { image_url: { type: 'string' } } },
        ],
      },
    },
  ],
};

const SPEC = {
  openapi: '3.1.0',
  info: { title: 'Gateway', version: '1' },
  servers: [{ url: 'https://gateway.example.test' }],
  paths: {
    '/chat/completions': {
      post: {
        summary: 'Create a chat completion',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['messages'],
                properties: {
                  messages: {
                    type: 'array',
                    items: {
                      anyOf: [
                        message('user', { content: CONTENT }),
                        message('assistant', { refusal: { type: 'string' } }),
                      ],
                    },
                  },
                  tool_choice: {
                    anyOf: [
                      { type: 'string', enum: ['none', 'auto', 'required'] },
                      { title: 'Named tool', type: 'object', properties: { name: { type: 'string' } } },
                    ],
                  },
                  keep: {
                    anyOf: [
                      { type: 'integer', minimum: 1, description: 'How many turns to keep.' },
                      { type: 'string', enum: ['all'] },
                    ],
                  },
                  service_tier: {
                    anyOf: [
                      { type: 'string', enum: ['auto', 'default', 'flex'] },
                      { type: 'string', nullable: true, enum: [null] },
                    ],
                  },
                  temperature: { type: 'number', minimum: 0, maximum: 2 },
                  top_p: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
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

/** The row of the body field with anchor `id`. */
async function field(id: string): Promise<HTMLElement> {
  const page = await endpointPageOf(SPEC, '/chat/completions');
  const row = page.querySelector(`#${id}`);
  if (row === null) throw new Error(`no row ${id}`);
  return row;
}

/** The tabs right under a row: each one's label and what its panel says. */
function tabsUnder(row: HTMLElement): { label: string; text: string; rows: string[] }[] {
  const container = row.querySelector(':scope > .op-field-body > .op-variant-tabs');
  if (container === null) throw new Error('no variant tabs under the row');
  const labels = container.querySelectorAll(':scope > .op-tab-list > [data-op-tab]').map((t) => t.textContent);
  return container.querySelectorAll(':scope > [data-op-tab-panel]').map((panel, i) => ({
    label: labels[i] ?? '',
    text: panel
      .querySelectorAll(':scope > *')
      .map((part) => part.textContent.replace(/\s+/g, ' ').trim())
      .join(' '),
    rows: panel.querySelectorAll(':scope > .op-field').map((f) => f.id),
  }));
}

describe('endpoint fields that are a choice', () => {
  it('show a list of several kinds of object as a tab per kind, with its fields', async () => {
    const row = await field('body-messages');
    expect(row.querySelector('.op-field-type')?.textContent).toBe('object[]');
    expect(tabsUnder(row).map(({ label, rows }) => ({ label, rows }))).toEqual([
      { label: 'user message', rows: ['body-messages-role', 'body-messages-content'] },
      {
        label: 'assistant message',
        rows: ['body-messages-role-2', 'body-messages-content-2', 'body-messages-refusal'],
      },
    ]);
  });

  it("show a list alternative's items, as tabs again when they are a choice", async () => {
    const content = await field('body-messages-content');
    expect(content.querySelector('.op-field-type')?.textContent).toBe('string | object[]');
    const [text, list] = tabsUnder(content);
    expect(text).toMatchObject({ label: 'Option 1', text: 'string', rows: [] });
    expect(list?.label).toBe('Option 2');
    const parts = content.querySelectorAll('.op-variant-tabs .op-variant-tabs > .op-tab-list > [data-op-tab]');
    expect(parts.map((tab) => tab.textContent)).toEqual(['Text part', 'Image part']);
    expect(content.querySelector('#body-messages-content-text')).not.toBeNull();
    expect(content.querySelector('#body-messages-content-image-url')).not.toBeNull();
  });

  it('say in the tab of a value alternative which values it takes, and its limits', async () => {
    const choice = tabsUnder(await field('body-tool-choice'));
    expect(choice[0]).toMatchObject({
      label: 'Option 1',
      text: 'enum<string> Available options: none, auto, required',
    });
    expect(choice[1]?.rows).toEqual(['body-tool-choice-name']);
    const keep = await field('body-keep');
    expect(keep.querySelector('.op-field-type')?.textContent).toBe('integer | enum<string>');
    expect(tabsUnder(keep).map((tab) => tab.text)).toEqual([
      'integer How many turns to keep. Required range: x >= 1',
      'enum<string> Available options: all',
    ]);
  });

  it('label a nullable enum once, its values on the row and no tabs repeating them', async () => {
    const row = await field('body-service-tier');
    expect(row.querySelector('.op-field-type')?.textContent).toBe('enum<string> | null');
    expect(row.querySelectorAll('.op-field-enum code').map((c) => c.textContent)).toEqual([
      'auto',
      'default',
      'flex',
      'null',
    ]);
    expect(row.querySelector('.op-variant-tabs')).toBeNull();
  });

  it('write number ranges as Mintlify does, exclusive bounds included', async () => {
    expect((await field('body-temperature')).querySelector('.op-field-constraint')?.textContent).toBe(
      'Required range: 0 <= x <= 2',
    );
    expect((await field('body-top-p')).querySelector('.op-field-constraint')?.textContent).toBe(
      'Required range: 0 < x <= 1',
    );
  });
});

describe('request examples of deep schemas', () => {
  it('fill scalars six objects down through lists instead of leaving {}', () => {
    const span = { type: 'object', properties: { name: { type: 'string' }, kind: { type: 'integer' } } };
    let schema: Record<string, unknown> = span;
    for (const key of ['spans', 'scopeSpans', 'resourceSpans', 'batches', 'traces']) {
      schema = { type: 'object', properties: { [key]: { type: 'array', items: schema } } };
    }
    const example = JSON.stringify(exampleOf(new SchemaContext({}), schema));
    expect(example).toBe(
      '{"traces":[{"batches":[{"resourceSpans":[{"scopeSpans":[{"spans":[{"name":"<string>","kind":123}]}]}]}]}]}',
    );
  });
});
