/**
 * Field rows as Mintlify's Property draws them: its pill order, `hidden`, how a default reads, and the
 * page text (search) keeping the head's parts apart.
 */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

describe('fields', () => {
  it('orders the head as Mintlify does: name, type, location, default, required, deprecated, post', async () => {
    const page = await render(
      '<ParamField query="limit" type="number" default={10} required deprecated post={["beta"]} pre={["v2"]}>Max</ParamField>',
    );
    const parts = one(page.dom, '.op-field-head').childNodes.map((n) => n.rawText.replace(/\s+/g, ' ').trim());
    expect(parts.filter(Boolean)).toEqual([
      'v2',
      'limit',
      'number',
      'query',
      'default: 10',
      'required',
      'deprecated',
      'beta',
    ]);
  });

  it('leaves out a hidden field', async () => {
    const page = await render(
      '<ResponseField name="secret" type="string" hidden>x</ResponseField>\n\n<ParamField body="a" hidden />',
    );
    expect(page.dom.querySelectorAll('.op-field').length).toBe(0);
  });

  it('shows an empty-string default as "" and leaves out a default holding nested objects', async () => {
    const page = await render(
      '<ResponseField name="a" type="string" default="">x</ResponseField>\n\n<ResponseField name="b" type="object" default={{ c: { d: 1 } }}>y</ResponseField>',
    );
    const [a, b] = page.dom.querySelectorAll('.op-field');
    expect(a?.querySelector('.op-field-default code')?.text).toBe('""');
    expect(b?.querySelectorAll('.op-field-default').length).toBe(0);
  });

  it('keeps the parts of a field head apart in the page text, as search indexes and quotes it', async () => {
    // Pica's List Connections: the index held "keystringquery", so a search for "query" or "string" missed
    // the row and its excerpt read "platformVersionstringquery The platform version".
    const page = await render(
      '<ParamField query="limit" type="number" default={20} required>The number of connections</ParamField>\n\n' +
        '<ResponseField name="rows" type="Connection[]" deprecated>The connections</ResponseField>',
    );
    expect(page.text).toContain('limit number query default: 20 required');
    expect(page.text).toContain('rows Connection[] deprecated');
  });
});
