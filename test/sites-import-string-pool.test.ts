/**
 * The string pool the hand-over reads a staged build through (server/sites/import/stringPool.ts): it puts
 * one string in place of equal ones in whatever the deserializer gives back, and must give back the very
 * same data, whatever its shape: shared and self-holding objects, Maps, Sets, typed arrays.
 */
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { StringPool } from '../server/sites/import/stringPool.js';

interface Schema {
  type: string;
  items?: Schema;
}

describe('the hand-over string pool', () => {
  it('leaves every shape of deserialized data equal to what went in', () => {
    const schema: Schema = { type: 'array' };
    schema.items = schema;
    const shared = { kind: 'page', format: 'mdx' };
    const data = {
      pages: [shared, shared, { kind: 'page', format: 'md', tags: ['a', 'b', 'a'] }],
      byKey: new Map<string, unknown>([
        ['GET /x', { method: 'get', schema }],
        ['POST /x', 'page'],
      ]),
      names: new Set(['page', 'mdx', 'group']),
      bytes: new Uint8Array([1, 2, 3]),
      when: new Date(0),
      nothing: null,
      count: 3,
    };
    const read: unknown = deserialize(serialize(data));
    new StringPool().shareAll(read);
    expect(read).toEqual(data);
    // Still one object where the original shared one, and the schema still holds itself.
    const back = read as typeof data;
    expect(back.pages[0]).toBe(back.pages[1]);
    const method = back.byKey.get('GET /x') as { schema: Schema };
    expect(method.schema.items).toBe(method.schema);
    expect([...back.names]).toEqual(['page', 'mdx', 'group']);
  });
});
