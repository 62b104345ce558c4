/**
 * Validates static export responses against Mintlify's official document
 * (`../shared/spec/mintlify-static-export.openapi.json`, OpenAPI 3.0: JSON Schema draft 4-ish plus
 * `nullable`), not against our own zod schemas, so drift of both from the official API shows up.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const SPEC_PATH = fileURLToPath(new URL('../../../shared/spec/mintlify-static-export.openapi.json', import.meta.url));
const SPEC_ID = 'https://offprint.test/mintlify-static-export.openapi.json';

/** The official schemas the static export responses use. */
export type OfficialExportSchema = 'StaticExportJob' | 'BundleResponse' | 'Error';

const doc = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as { components: { schemas: Record<string, unknown> } };

// Ajv understands OpenAPI's `nullable`; `example` is an annotation it is told to ignore.
const ajv = new Ajv({ allErrors: true, strict: true });
addFormats.default(ajv);
ajv.addVocabulary(['example', 'openapi', 'info', 'servers', 'components', 'paths', 'security']);
ajv.addSchema({ ...doc, $id: SPEC_ID });

const compiled = new Map<string, ValidateFunction>();

/** Throws, naming every mismatch, unless `body` matches the official schema `name`. */
export function assertOfficialExport(name: OfficialExportSchema, body: unknown): void {
  let validate = compiled.get(name);
  if (validate === undefined) {
    validate = ajv.compile({ $ref: `${SPEC_ID}#/components/schemas/${name}` });
    compiled.set(name, validate);
  }
  if (!validate(body)) {
    throw new Error(`response does not match ${name}: ${ajv.errorsText(validate.errors, { separator: '; ' })}`);
  }
}

/** The names of the properties the official schema `name` requires. */
export function officialRequired(name: OfficialExportSchema): string[] {
  const schema = doc.components.schemas[name] as { required?: string[] } | undefined;
  return schema?.required ?? [];
}
