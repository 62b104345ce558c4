/**
 * Request bodies sent as forms. A `multipart/form-data` body is fields and files (cURL's `--form`,
 * Python's `files=`, a `FormData`), an `application/x-www-form-urlencoded` one is `a=1&b=2`: TimelinesAI's
 * file upload was shown as JSON sent under a multipart header, a request no server reads.
 */
import { flatten, isObject, type SchemaContext } from './schema.js';

/** A multipart body: its text fields, in order, and the names of its file fields. */
export interface FormBody {
  readonly fields: readonly (readonly [string, string])[];
  readonly files: readonly string[];
}

/** The file a sample uploads, as Mintlify's samples name it. */
export const EXAMPLE_FILE = 'example-file';

/** The kind of form a media type sends, if it is one. */
export function formKind(contentType: string | undefined): 'multipart' | 'urlencoded' | undefined {
  if (contentType === undefined) return undefined;
  if (/^multipart\/form-data\b/i.test(contentType)) return 'multipart';
  return /^application\/x-www-form-urlencoded\b/i.test(contentType) ? 'urlencoded' : undefined;
}

/** A field's value as form text: a list is sent once per item (by the caller), an object as JSON. */
function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** An example body's fields, `files` named apart; undefined when the body is no object of fields. */
export function formOf(body: unknown, files: ReadonlySet<string>): FormBody | undefined {
  if (!isObject(body)) return undefined;
  const fields: [string, string][] = [];
  const fileNames: string[] = [];
  for (const [name, value] of Object.entries(body)) {
    if (files.has(name)) fileNames.push(name);
    else for (const item of Array.isArray(value) ? value : [value]) fields.push([name, fieldText(item)]);
  }
  return { fields, files: fileNames };
}

/**
 * A form's fields URL-encoded (`name=widget&tags=a&tags=b`): the body of a urlencoded request. A
 * placeholder's brackets stay readable (`name=<string>`), for the reader to replace.
 */
export function urlEncoded(form: FormBody): string {
  const encoded = new URLSearchParams(form.fields.map(([name, value]) => [name, value])).toString();
  return encoded.replace(/%3C/g, '<').replace(/%3E/g, '>');
}

/** A binary string (OpenAPI 3's `format: binary`, Swagger 2's `type: file`), or a list of them. */
function isFile(ctx: SchemaContext, value: unknown): boolean {
  const { node, ctx: inner } = ctx.resolve(value);
  if (!node) return false;
  const schema = flatten(inner, node);
  if (schema['type'] === 'array' || schema['items'] !== undefined) return isFile(inner, schema['items']);
  return schema['format'] === 'binary' || schema['type'] === 'file';
}

/** The properties of a form's schema that are files. */
export function fileFieldsOf(ctx: SchemaContext, schema: unknown): Set<string> {
  const { node, ctx: inner } = ctx.resolve(schema);
  const properties = node ? flatten(inner, node)['properties'] : undefined;
  if (!isObject(properties)) return new Set();
  return new Set(Object.entries(properties).flatMap(([name, value]) => (isFile(inner, value) ? [name] : [])));
}

/** A multipart body as a FormData the request sends (`body: form`). */
export function formDataLines(form: FormBody): string[] {
  const q = (text: string): string => JSON.stringify(text);
  return [
    'const form = new FormData();',
    ...form.fields.map(([name, value]) => `form.append(${q(name)}, ${q(value)});`),
    ...form.files.map((name) => `form.append(${q(name)}, new Blob(['<file contents>']), ${q(EXAMPLE_FILE)});`),
    '',
  ];
}
