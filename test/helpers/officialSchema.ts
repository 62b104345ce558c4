/**
 * Validates response bodies against Mintlify's official analytics document
 * (`../shared/spec/mintlify-analytics.openapi.json`), not against our own zod schemas: a test that checked
 * our output with our own schemas could not notice that both drifted from the official API.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

const SPEC_PATH = fileURLToPath(new URL('../../../shared/spec/mintlify-analytics.openapi.json', import.meta.url));
// The document is registered under this id so its own `#/components/...` refs resolve inside it.
const SPEC_ID = 'https://offprint.test/mintlify-analytics.openapi.json';

/** The official operations the feedback API implements. */
export type OfficialPath = '/v1/analytics/{projectId}/feedback' | '/v1/analytics/{projectId}/feedback/by-page';

interface OpenApiDocument {
  readonly paths: Record<string, { get?: { responses: Record<string, ResponseObject> } }>;
  readonly components: { readonly schemas: Record<string, unknown> };
}

interface ResponseObject {
  readonly content?: { readonly 'application/json'?: { readonly schema?: { readonly $ref?: string } } };
}

const doc = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as OpenApiDocument;

// OpenAPI 3.1 schemas are JSON Schema 2020-12; `example` is an OpenAPI annotation Ajv does not know.
const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addVocabulary(['example', 'openapi', 'info', 'servers', 'components', 'paths', 'webhooks']);
ajv.addSchema({ ...doc, $id: SPEC_ID });

const compiled = new Map<string, ValidateFunction>();

function validatorFor(ref: string): ValidateFunction {
  let validate = compiled.get(ref);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${SPEC_ID}${ref}` });
    compiled.set(ref, validate);
  }
  return validate;
}

/** The `$ref` of the JSON body the official document gives for `GET path` answering `status`. */
export function officialResponseRef(path: OfficialPath, status: number): string {
  const ref = doc.paths[path]?.get?.responses[String(status)]?.content?.['application/json']?.schema?.$ref;
  if (ref === undefined) throw new Error(`the official document has no ${status} JSON body for GET ${path}`);
  return ref;
}

/** The official error body schema, for statuses the document does not list (404). */
export const OFFICIAL_ERROR_REF = '#/components/schemas/AnalyticsErrorResponse';

/** Throws, naming every mismatch, unless `body` matches the schema at `ref` of the official document. */
export function assertMatchesOfficial(ref: string, body: unknown): void {
  const validate = validatorFor(ref);
  if (!validate(body)) {
    throw new Error(`response does not match ${ref}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
}

/** Throws unless `body` is what the official document allows for `GET path` answering `status`. */
export function assertOfficialResponse(path: OfficialPath, status: number, body: unknown): void {
  assertMatchesOfficial(status === 404 ? OFFICIAL_ERROR_REF : officialResponseRef(path, status), body);
}
