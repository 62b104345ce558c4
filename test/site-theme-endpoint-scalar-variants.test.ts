/**
 * A field whose schema is a union of scalars lists what they allow: a nullable enum written
 * `anyOf: [{enum: [...]}, {type: 'null'}]` (Pydantic writes every Optional so; Phonic's `phone_number`
 * is a oneOf of the same shape) shows its options, limits and example. Before, the row read only
 * `string | null`: the alternatives have no fields, so their tabs were empty and the values nowhere.
 * A list of enum values (`include`, Pydantic's `list[Enum]`) shows its items' options, where it read `string[]`.
 */
import { parse as parseHtml, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { fieldRow, SchemaContext } from '../server/sites/theme/endpoint/schema.js';

const DOC = { components: { schemas: { Sort: { type: 'string', enum: ['created_at', 'email'] } } } };

function row(schema: unknown): HTMLElement {
  return parseHtml(fieldRow(new SchemaContext(DOC), 'field', schema));
}

const options = (root: HTMLElement): string[] => root.querySelectorAll('.op-field-enum code').map((c) => c.textContent);

describe('fields whose schema is a union of scalars', () => {
  it('list the options of a nullable enum, inline or by $ref', () => {
    const nullable = row({ oneOf: [{ type: 'string', enum: ['assign-automatically'] }, { type: 'null' }] });
    expect(nullable.querySelector('.op-field-type')?.textContent).toBe('enum<string> | null');
    expect(options(nullable)).toEqual(['assign-automatically']);
    expect(
      options(row({ anyOf: [{ $ref: '#/components/schemas/Sort' }, { type: 'null' }], default: 'email' })),
    ).toEqual(['created_at', 'email']);
  });

  it("show the one alternative's limits and example, the row's own keys first", () => {
    const page = row({ anyOf: [{ type: 'integer', minimum: 1, example: 20 }, { type: 'null' }], example: 5 });
    expect(page.querySelector('.op-field-constraint')?.textContent).toContain('1');
    expect(page.querySelector('.op-field-example code')?.textContent).toBe('5');
  });

  it('list the values of several enum alternatives together, and none when one takes any value', () => {
    expect(options(row({ anyOf: [{ enum: ['a', 'b'] }, { enum: ['b', 'c'] }] }))).toEqual(['a', 'b', 'c']);
    expect(options(row({ anyOf: [{ type: 'string', enum: ['keypad_input'] }, { type: 'string' }] }))).toEqual([]);
  });

  it('leave object alternatives to the variant tabs', () => {
    const objects = row({
      oneOf: [{ type: 'object', properties: { a: { type: 'string', enum: ['x'] } } }, { type: 'null' }],
    });
    expect(objects.querySelector(':scope > .op-field > .op-field-body > .op-field-enum')).toBeNull();
  });
});

describe('fields that list enum values', () => {
  it("show the items' options, by $ref, inline or nullable", () => {
    expect(options(row({ type: 'array', items: { $ref: '#/components/schemas/Sort' } }))).toEqual([
      'created_at',
      'email',
    ]);
    expect(options(row({ type: 'array', items: { type: 'string', enum: ['a', 'b'] } }))).toEqual(['a', 'b']);
    const nullable = row({
      anyOf: [{ type: 'array', items: { $ref: '#/components/schemas/Sort' } }, { type: 'null' }],
    });
    expect(options(nullable)).toEqual(['created_at', 'email']);
  });

  it('show none for a list of free values', () => {
    expect(options(row({ type: 'array', items: { type: 'string' } }))).toEqual([]);
  });
});
