/** Finding and indexing the OpenAPI documents of a project (format reference §1.5). */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { nestedDeeperThan } from '../depth.js';
import type { HttpMethod, OpenApiOperation, OpenApiSpec } from '../model.js';

/** HTTP methods in the order a path item lists them. */
export const HTTP_METHODS: readonly HttpMethod[] = [
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
];

/** Larger files are not read as specs: real specs are a few MB; this keeps a stray data dump out. */
const MAX_SPEC_BYTES = 32 * 1024 * 1024;

/**
 * Deepest nesting of objects and arrays a spec may have. Real specs nest a few dozen levels (schemas in
 * examples in responses); a spec nested thousands deep would overflow the stack of everything that walks it
 * recursively (the import thread's hand-over serializer, renderers), failing the whole import with no
 * word on which file did it, so such a file is reported as not a usable spec instead.
 */
export const MAX_SPEC_DEPTH = 128;

/** Specs found, and candidate files that failed to parse (reported only when something refers to them). */
export interface SpecScan {
  readonly specs: ReadonlyMap<string, OpenApiSpec>;
  readonly unreadable: ReadonlyMap<string, string>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function operationsOf(file: string, doc: Record<string, unknown>): OpenApiOperation[] {
  const out: OpenApiOperation[] = [];
  const collect = (items: unknown, kind: 'operation' | 'webhook'): void => {
    if (!isRecord(items)) return;
    for (const [path, pathItem] of Object.entries(items)) {
      if (!isRecord(pathItem)) continue;
      for (const method of HTTP_METHODS) {
        const op = pathItem[method];
        if (!isRecord(op) || op['x-excluded'] === true) continue;
        const tags = Array.isArray(op['tags']) ? op['tags'].filter((t): t is string => typeof t === 'string') : [];
        const operationId = str(op['operationId']);
        const summary = str(op['summary']);
        const description = str(op['description']);
        out.push({
          key: kind === 'webhook' ? `${file} webhook ${path}` : `${file} ${method.toUpperCase()} ${path}`,
          spec: file,
          kind,
          method,
          path,
          ...(operationId === undefined ? {} : { operationId }),
          ...(summary === undefined ? {} : { summary }),
          ...(description === undefined ? {} : { description }),
          tags,
          deprecated: op['deprecated'] === true,
          hidden: op['x-hidden'] === true,
          operation: op,
          pathItem,
        });
      }
    }
  };
  collect(doc['paths'], 'operation');
  collect(doc['webhooks'], 'webhook');
  return out;
}

/** Parses one candidate file; undefined when it is not an OpenAPI/Swagger document. Throws on bad syntax. */
export function parseSpecFile(rootDir: string, file: string): OpenApiSpec | undefined {
  const abs = join(rootDir, file);
  if (statSync(abs).size > MAX_SPEC_BYTES) return undefined;
  const text = readFileSync(abs, 'utf8');
  // Merge keys (`<<: *errors`) applied, as Mintlify's js-yaml does: YAML 1.2 alone keeps a literal "<<" key.
  const doc: unknown = file.toLowerCase().endsWith('.json') ? JSON.parse(text) : parse(text, { merge: true });
  if (!isRecord(doc)) return undefined;
  if (nestedDeeperThan(doc, MAX_SPEC_DEPTH)) throw new Error(`nested deeper than the ${MAX_SPEC_DEPTH} levels allowed`);
  const version = str(doc['openapi']) ?? str(doc['swagger']);
  if (version === undefined) return undefined;
  const info = isRecord(doc['info']) ? doc['info'] : {};
  const title = str(info['title']);
  return {
    file,
    version,
    ...(title === undefined ? {} : { title }),
    document: doc,
    operations: operationsOf(file, doc),
  };
}

/** Reads every candidate; keeps OpenAPI documents, notes the unparseable ones. */
export function scanSpecs(rootDir: string, candidates: readonly string[]): SpecScan {
  const specs = new Map<string, OpenApiSpec>();
  const unreadable = new Map<string, string>();
  for (const file of candidates) {
    try {
      const spec = parseSpecFile(rootDir, file);
      if (spec !== undefined) specs.set(file, spec);
    } catch (error) {
      unreadable.set(file, error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error));
    }
  }
  return { specs, unreadable };
}
