/**
 * Request examples of an object whose properties sit beside a choice: the properties are its own, the
 * choice's first branch adds to them. Bytez's image inputs (`url` and `base64`, with examples, beside
 * `oneOf: [{required: [url]}, {required: [base64]}]`) gave a `{}` body, dropping even `question`.
 */
import { describe, expect, it } from 'vitest';
import { exampleOf } from '../server/sites/theme/endpoint/example.js';
import { SchemaContext } from '../server/sites/theme/endpoint/schema.js';

describe('an object with properties beside a choice', () => {
  it('keeps its own properties, examples included, whatever the branches hold', () => {
    const schema = {
      type: 'object',
      properties: {
        url: { type: 'string', example: 'https://example.com/cat.jpg' },
        base64: { type: 'string', example: 'aGVsbG8=' },
        question: { type: 'string', example: 'What animal is this?' },
      },
      oneOf: [{ required: ['url'] }, { required: ['base64'] }],
    };
    expect(exampleOf(new SchemaContext({}), schema)).toEqual({
      url: 'https://example.com/cat.jpg',
      base64: 'aGVsbG8=',
      question: 'What animal is this?',
    });
  });

  it("adds the first branch's properties, and a bare choice is still its first branch", () => {
    const ctx = new SchemaContext({
      components: { schemas: { ByUrl: { type: 'object', properties: { url: { type: 'string', example: 'u' } } } } },
    });
    const beside = {
      properties: { model: { type: 'string', example: 'm' } },
      anyOf: [{ $ref: '#/components/schemas/ByUrl' }, { type: 'object', properties: { text: { type: 'string' } } }],
    };
    expect(exampleOf(ctx, beside)).toEqual({ model: 'm', url: 'u' });
    expect(exampleOf(ctx, { oneOf: [{ $ref: '#/components/schemas/ByUrl' }] })).toEqual({ url: 'u' });
  });
});
