/**
 * The schema a data-model page names (frontmatter `openapi-schema: "[spec] Name"`): one of an OpenAPI
 * document's `components.schemas`, or a Swagger 2 document's `definitions`. The spec is optional; without
 * it the project's specs are searched in path order and the first having the schema wins.
 */
import type { OpenApiSpec } from '../model.js';

type Json = Readonly<Record<string, unknown>>;

/** A schema a page names, and the document it is in (its `$ref`s resolve there). */
export interface NamedSchema {
  readonly spec: string;
  readonly name: string;
  readonly document: Json;
  readonly schema: Json;
}

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The named schemas of an OpenAPI (`components.schemas`) or Swagger 2 (`definitions`) document. */
function schemasOf(document: Json): Json | undefined {
  const components = document['components'];
  const schemas = isRecord(components) ? components['schemas'] : document['definitions'];
  return isRecord(schemas) ? schemas : undefined;
}

/** The schema `reference` (`"[spec] Name"`) names among `specs`; undefined when none has it. */
export function findNamedSchema(specs: ReadonlyMap<string, OpenApiSpec>, reference: string): NamedSchema | undefined {
  const words = reference.trim().split(/\s+/);
  const name = words.pop();
  if (name === undefined || name === '') return undefined;
  const wanted = words.join(' ').replace(/^\.?\//, '');
  const files = [...specs.keys()].filter((file) => wanted === '' || file === wanted).sort();
  for (const spec of files) {
    const document = specs.get(spec)?.document;
    const schema = document === undefined ? undefined : schemasOf(document)?.[name];
    if (document !== undefined && isRecord(schema)) return { spec, name, document, schema };
  }
  return undefined;
}
