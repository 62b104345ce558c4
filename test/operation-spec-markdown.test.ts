/**
 * The OpenAPI definition an endpoint page's Markdown view ends with, for specs of other shapes: a Swagger 2
 * document carries its security definitions and definitions; a YAML spec whose anchors loop cannot be
 * written out, and the view goes without it rather than failing.
 */
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { OpenApiOperation, OpenApiSpec } from '../server/sites/project/model.js';
import { operationSpecMarkdown } from '../server/sites/serve/operationSpec.js';

function specOf(document: Record<string, unknown>): OpenApiSpec {
  return { file: 'api.yaml', version: '2.0', document, operations: [] };
}

function getOf(path: string, operation: Record<string, unknown>): OpenApiOperation {
  return {
    key: `api.yaml GET ${path}`,
    spec: 'api.yaml',
    kind: 'operation',
    method: 'get',
    path,
    tags: [],
    deprecated: false,
    hidden: false,
    operation,
    pathItem: { get: operation },
  };
}

describe("an endpoint page's OpenAPI definition", () => {
  it("carries a Swagger 2 operation's definitions and security definitions", () => {
    const operation = {
      security: [{ key: [] }],
      responses: { '200': { description: 'OK', schema: { $ref: '#/definitions/Pet' } } },
    };
    const document = {
      swagger: '2.0',
      info: { title: 'Pets', version: '1' },
      paths: { '/pets': { get: operation } },
      definitions: { Pet: { type: 'object' }, Other: { type: 'string' } },
      securityDefinitions: { key: { type: 'apiKey', in: 'header', name: 'X-Key' }, basic: { type: 'basic' } },
    };
    const md = operationSpecMarkdown(specOf(document), getOf('/pets', operation));
    const [, yaml = ''] = /^````yaml api\.yaml get \/pets\n([\s\S]*)\n````$/m.exec(md) ?? [];
    expect(parseYaml(yaml)).toEqual({
      swagger: '2.0',
      info: document.info,
      paths: { '/pets': { get: operation } },
      definitions: { Pet: { type: 'object' } },
      securityDefinitions: { key: document.securityDefinitions.key },
    });
  });

  it('is left out when the spec loops on itself (as YAML anchors can make it)', () => {
    const looped: Record<string, unknown> = { responses: {} };
    looped['x-self'] = looped;
    const document = { openapi: '3.0.0', info: { title: 'T', version: '1' }, paths: { '/loop': { get: looped } } };
    expect(operationSpecMarkdown(specOf(document), getOf('/loop', looped))).toBe('');
  });
});
