/**
 * Generates the OpenAPI 3.1 document from the recorded route specs: parameters, bodies and responses are
 * converted from the same zod schemas that validate requests, so the document cannot drift from the code.
 */
import { z } from 'zod';
import { OFFPRINT_VERSION } from '../version.js';
import { NO_BODY, type RouteRegistry } from './route.js';

type JsonSchema = Record<string, unknown>;

/**
 * Marks what Offprint adds to the official API: operations (`extension: true` on the route) and query
 * parameters (`.meta({ 'x-offprint': true })` on the schema), so clients can tell portable from local.
 */
export const EXTENSION = 'x-offprint';

const LOCAL_DEFS = '#/$defs/';

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === '$ref' && typeof item === 'string' && item.startsWith(LOCAL_DEFS)
        ? `#/components/schemas/${item.slice(LOCAL_DEFS.length)}`
        : rewriteRefs(item),
    ]),
  );
}

/**
 * zod puts named schemas in the schema's own `$defs` and refers to them as `#/$defs/...`, but in an
 * OpenAPI document `#` is the document itself: the definitions move to `components.schemas`.
 */
function hoistDefinitions(json: JsonSchema, components: Record<string, unknown>): JsonSchema {
  const defs = json['$defs'];
  delete json['$defs'];
  if (typeof defs === 'object' && defs !== null) {
    for (const [name, definition] of Object.entries(defs)) components[name] = rewriteRefs(definition);
  }
  return rewriteRefs(json) as JsonSchema;
}

function toJsonSchema(schema: z.ZodType, io: 'input' | 'output', components: Record<string, unknown>): JsonSchema {
  const json = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
    reused: 'inline',
    // A query parameter's zod schema reads a string; `meta.openapi` says what the string means (integer, enum).
    override: (ctx) => {
      const meta = z.globalRegistry.get(ctx.zodSchema);
      const openapi = meta?.['openapi'];
      if (io === 'input' && typeof openapi === 'object' && openapi !== null) {
        for (const key of Object.keys(ctx.jsonSchema))
          if (key !== 'description' && key !== 'example') delete ctx.jsonSchema[key];
        Object.assign(ctx.jsonSchema, openapi);
        delete ctx.jsonSchema['openapi'];
      } else if ('openapi' in ctx.jsonSchema) {
        delete ctx.jsonSchema['openapi'];
      }
    },
  });
  delete json['$schema'];
  return hoistDefinitions(json, components);
}

function parametersOf(
  shape: Record<string, z.ZodType>,
  location: 'path' | 'query',
  components: Record<string, unknown>,
): JsonSchema[] {
  return Object.entries(shape).map(([name, schema]) => {
    const json = toJsonSchema(schema, 'input', components);
    // An extension parameter of an official route says so on the parameter, where readers look.
    const { description, example, [EXTENSION]: extension, ...rest } = json;
    return {
      name,
      in: location,
      required: location === 'path' || !schema.safeParse(undefined).success,
      ...(description === undefined ? {} : { description }),
      ...(example === undefined ? {} : { example }),
      ...(extension === true ? { [EXTENSION]: true } : {}),
      schema: rest,
    };
  });
}

/** Builds the OpenAPI document of every route in `registry`. */
export function buildOpenApiDocument(registry: RouteRegistry): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const schemas: Record<string, unknown> = {};
  for (const route of registry) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const operation: JsonSchema = {
      summary: route.summary,
      ...(route.description === undefined ? {} : { description: route.description }),
      tags: route.tags,
      ...(route.extension === true ? { [EXTENSION]: true } : {}),
      ...(route.auth === false ? { security: [] } : {}),
      parameters: [
        ...parametersOf(route.params.shape, 'path', schemas),
        ...parametersOf(route.query.shape, 'query', schemas),
      ],
    };
    if (route.rawBody !== undefined) {
      operation['requestBody'] = {
        required: true,
        description: route.rawBody.description,
        content: { [route.rawBody.contentType]: { schema: { type: 'string' } } },
      };
    } else if (!Object.is(route.body, NO_BODY)) {
      operation['requestBody'] = {
        required: !route.body.safeParse(undefined).success,
        content: { 'application/json': { schema: toJsonSchema(route.body, 'input', schemas) } },
      };
    }
    operation['responses'] = Object.fromEntries(
      Object.entries(route.responses).map(([status, response]) => [
        status,
        {
          description: response.description,
          ...(response.schema === undefined
            ? {}
            : {
                content: {
                  [response.contentType ?? 'application/json']: {
                    schema: toJsonSchema(response.schema, 'output', schemas),
                  },
                },
              }),
        },
      ]),
    );
    paths[path] = { ...paths[path], [route.method]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Offprint API',
      version: OFFPRINT_VERSION,
      description:
        'The local, offline implementation of the documentation analytics export and static export APIs. ' +
        'Authenticate with an admin API key: `Authorization: Bearer offp_...`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    components: {
      schemas,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An admin API key (`offprint keys create`).' },
      },
    },
    paths,
  };
}
