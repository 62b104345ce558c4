/** Request samples (curl + `x-codeSamples`) and response examples of an operation. */
import { sampleLanguageLabel } from '../../project/sampleLanguages.js';
import { exampleOf, type ExampleMode } from './example.js';
import { EXAMPLE_FILE, fileFieldsOf, formKind, formOf, urlEncoded } from './formBodies.js';
import { withExampleRefs } from './exampleRefs.js';
import { generatedSample, type SampleSettings } from './snippets.js';
import { isObject, type Json, type SchemaContext } from './schema.js';

/** A sample shown in a tab. */
export interface Sample {
  readonly label: string;
  readonly lang: string;
  readonly code: string;
}

/** How a request is authenticated by one security scheme. */
export interface AuthInfo {
  readonly name: string;
  readonly location: 'header' | 'query' | 'cookie';
  readonly placeholder: string;
  readonly description: string;
}

/**
 * The auth the operation needs (its own `security`, else the document's): every scheme of its first
 * requirement, which a request must satisfy together (`[{apiKeyAuth: [], providerKeyAuth: []}]` sends both
 * headers, as Mintlify's playground asks for each); none when it needs none.
 */
export function authOf(ctx: SchemaContext, operation: Json): AuthInfo[] {
  const doc = ctx.document;
  const security = operation['security'] ?? doc['security'];
  const first = Array.isArray(security) ? (security as unknown[]).find(isObject) : undefined;
  if (!first) return [];
  const components = isObject(doc['components']) ? doc['components'] : {};
  const schemes = isObject(components['securitySchemes'])
    ? components['securitySchemes']
    : isObject(doc['securityDefinitions'])
      ? doc['securityDefinitions']
      : {};
  return Object.keys(first).flatMap((name) => {
    const scheme = ctx.resolve(schemes[name]).node;
    return scheme ? [schemeAuth(scheme)] : [];
  });
}

/** How one security scheme authenticates a request. */
function schemeAuth(scheme: Json): AuthInfo {
  const type = typeof scheme['type'] === 'string' ? scheme['type'].toLowerCase() : '';
  const described = typeof scheme['description'] === 'string' ? scheme['description'] : undefined;
  if (type === 'apikey') {
    const where = scheme['in'] === 'query' || scheme['in'] === 'cookie' ? scheme['in'] : 'header';
    const name = typeof scheme['name'] === 'string' ? scheme['name'] : 'api_key';
    return {
      name,
      location: where,
      placeholder: '<api-key>',
      description: described ?? `API key sent in the ${where} ${name}.`,
    };
  }
  if (
    (type === 'http' && typeof scheme['scheme'] === 'string' && scheme['scheme'].toLowerCase() === 'basic') ||
    type === 'basic'
  ) {
    return {
      name: 'Authorization',
      location: 'header',
      placeholder: 'Basic <encoded-value>',
      description:
        described ??
        'Basic authentication header of the form `Basic <encoded-value>`, where `<encoded-value>` is the base64-encoded string `username:password`.',
    };
  }
  return {
    name: 'Authorization',
    location: 'header',
    placeholder: 'Bearer <token>',
    description:
      described ?? 'Bearer authentication header of the form `Bearer <token>`, where `<token>` is your auth token.',
  };
}

/** The headers the auth sends, its cookies as one `Cookie` header; in the requirement's order. */
function authHeaders(auth: readonly AuthInfo[]): [string, string][] {
  const headers = auth.filter((a) => a.location === 'header').map((a): [string, string] => [a.name, a.placeholder]);
  const cookies = auth.filter((a) => a.location === 'cookie').map((a) => `${a.name}=${a.placeholder}`);
  return cookies.length === 0 ? headers : [...headers, ['Cookie', cookies.join('; ')]];
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Inputs of {@link requestSamples}. */
export interface SampleInput {
  readonly method: string;
  readonly url: string;
  readonly auth: readonly AuthInfo[];
  readonly headers: readonly (readonly [string, string])[];
  readonly contentType: string | undefined;
  readonly body: unknown;
  readonly operation: Json;
  /** What docs.json asks of generated samples (`api.examples`; snippets.ts). */
  readonly settings: SampleSettings;
  /** The fields of a form body that are files (formBodies.ts). */
  readonly fileFields?: ReadonlySet<string>;
}

/** Request bodies past this many characters are shown in cURL only. */
const MAX_GENERATED_BODY = 8 * 1024;

/** The spec's own samples (`x-codeSamples`, or `x-code-samples`). */
function specSamples(operation: Json): Sample[] {
  const samples: Sample[] = [];
  const extra = operation['x-codeSamples'] ?? operation['x-code-samples'];
  if (!Array.isArray(extra)) return samples;
  for (const sample of extra as unknown[]) {
    if (!isObject(sample) || typeof sample['source'] !== 'string') continue;
    const lang = typeof sample['lang'] === 'string' ? sample['lang'] : 'text';
    // Unlabelled, a sample reads as its language's display name (`csharp` is C#), as Mintlify names it.
    const label = typeof sample['label'] === 'string' ? sample['label'] : sampleLanguageLabel(lang);
    samples.push({ label, lang: lang.toLowerCase(), code: sample['source'] });
  }
  return samples;
}

/**
 * cURL, then the spec's `x-codeSamples` when it has some (its authors chose them), else the same request
 * in the languages docs.json asks for (Mintlify's set by default). With `autogenerate: false`, only the
 * spec's samples: none when it has none.
 */
export function requestSamples(input: SampleInput): Sample[] {
  if (!input.settings.autogenerate) return specSamples(input.operation);
  const kind = formKind(input.contentType);
  const form = kind === undefined ? undefined : formOf(input.body, input.fileFields ?? new Set());
  const multipart = kind === 'multipart' ? form : undefined;
  const body = kind === 'urlencoded' && form !== undefined ? urlEncoded(form) : input.body;
  const lines = [`curl --request ${input.method.toUpperCase()}`, `--url ${shellQuote(input.url)}`];
  for (const [name, value] of authHeaders(input.auth)) {
    lines.push(name === 'Cookie' ? `--cookie ${shellQuote(value)}` : `--header ${shellQuote(`${name}: ${value}`)}`);
  }
  for (const [name, value] of input.headers) lines.push(`--header ${shellQuote(`${name}: ${value}`)}`);
  if (input.contentType) lines.push(`--header ${shellQuote(`Content-Type: ${input.contentType}`)}`);
  if (multipart !== undefined) {
    for (const [name, value] of multipart.fields) lines.push(`--form ${shellQuote(`${name}=${value}`)}`);
    for (const name of multipart.files) lines.push(`--form ${shellQuote(`${name}=@${EXAMPLE_FILE}`)}`);
  } else if (body !== undefined) lines.push(`--data ${shellQuote(bodyText(body))}`);
  const curl: Sample = { label: 'cURL', lang: 'bash', code: lines.join(' \\\n  ') };
  const curated = specSamples(input.operation);
  if (curated.length > 0) return [curl, ...curated];
  const text = body === undefined || multipart !== undefined ? undefined : bodyText(body);
  // A body this large, written out five more times, would weigh the page down and help no reader.
  if (text !== undefined && text.length > MAX_GENERATED_BODY) return [curl];
  const headers = authHeaders(input.auth);
  headers.push(...input.headers.map(([name, value]): [string, string] => [name, value]));
  if (input.contentType) headers.push(['Content-Type', input.contentType]);
  const json = typeof body !== 'string' && /json/i.test(input.contentType ?? '') ? body : undefined;
  const request = { method: input.method, url: input.url, headers, body: text, json, form: multipart };
  // In the order docs.json lists them, cURL included: Mintlify shows the first one named first.
  return input.settings.languages.flatMap((key) => (key === 'bash' ? [curl] : (generatedSample(request, key) ?? [])));
}

/** An operation as its request samples read it: its parameters (resolved) and its body's media type. */
export interface SampleOperation {
  readonly method: string;
  /** Server and path, path parameters as the page shows them (`{id}`). */
  readonly url: string;
  readonly params: readonly Json[];
  readonly media: [string, Json] | undefined;
  readonly auth: readonly AuthInfo[];
  readonly operation: Json;
  readonly settings: SampleSettings;
  /** The value a required query parameter or header is sent with; `<name>` by default. */
  readonly value?: (param: Json) => string;
  /** The body to send, in place of the media type's first example (one of its named examples). */
  readonly body?: unknown;
}

/**
 * The request samples of an operation: its required query parameters in the URL and required headers
 * sent (with placeholders), its body's example as the body. Endpoint pages of OpenAPI operations and of
 * MDX pages (mdxSamples.ts) share it, so both show the same request the same way.
 */
export function operationSamples(ctx: SchemaContext, op: SampleOperation): Sample[] {
  const value = op.value ?? ((p: Json): string => `<${String(p['name'])}>`);
  const required = (where: string): Json[] => op.params.filter((p) => p['in'] === where && p['required'] === true);
  const query = required('query').map((p) => `${String(p['name'])}=${value(p)}`);
  return requestSamples({
    method: op.method,
    url: `${op.url}${query.length > 0 ? `?${query.join('&')}` : ''}`,
    auth: op.auth,
    headers: required('header').map((p) => [String(p['name']), value(p)] as const),
    contentType: op.media?.[0],
    body:
      op.body ??
      (op.media ? mediaExample(ctx, op.media[1], op.settings.requiredOnly ? 'required' : 'request') : undefined),
    operation: op.operation,
    settings: op.settings,
    fileFields: op.media === undefined ? new Set() : fileFieldsOf(ctx, op.media[1]['schema']),
  });
}

function bodyText(body: unknown): string {
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

/** The media type to show: JSON first, else the first one. */
export function pickContent(content: unknown): [string, Json] | undefined {
  if (!isObject(content)) return undefined;
  const entries = Object.entries(content).filter((e): e is [string, Json] => isObject(e[1]));
  return entries.find(([type]) => /json/i.test(type)) ?? entries[0];
}

/** An example for a media type object: `example`, the first of `examples`, else one built from the schema. */
export function mediaExample(ctx: SchemaContext, media: Json, mode: ExampleMode): unknown {
  if (media['example'] !== undefined) return withExampleRefs(ctx.document, media['example']);
  if (isObject(media['examples'])) {
    const first = Object.values(media['examples'])[0];
    const resolved = ctx.resolve(first).node;
    if (resolved && resolved['value'] !== undefined) return withExampleRefs(ctx.document, resolved['value']);
  }
  return media['schema'] === undefined ? undefined : exampleOf(ctx, media['schema'], mode);
}

/** One of a media type's examples: its name (`summary`, else its key) when it has siblings, and its value. */
export interface NamedExample {
  readonly name?: string;
  readonly value: unknown;
}

/**
 * Every example of a media type object, so a response documented with several (`examples: {us, gb}`)
 * shows each, as Mintlify lets the reader pick one; else the single one {@link mediaExample} gives.
 */
export function mediaExamples(ctx: SchemaContext, media: Json, mode: ExampleMode): NamedExample[] {
  const named = media['example'] === undefined && isObject(media['examples']) ? Object.entries(media['examples']) : [];
  const all = named.flatMap(([key, raw]): NamedExample[] => {
    const resolved = ctx.resolve(raw).node;
    if (resolved?.['value'] === undefined) return [];
    const summary = resolved['summary'];
    const name = typeof summary === 'string' && summary.trim() !== '' ? summary : key;
    return [{ name, value: withExampleRefs(ctx.document, resolved['value']) }];
  });
  if (all.length > 1) return all;
  const value = mediaExample(ctx, media, mode);
  return value === undefined ? [] : [{ value }];
}

/** Pretty text and language of an example value. */
export function exampleText(value: unknown, contentType: string): { code: string; lang: string } {
  if (typeof value === 'string' && !/json/i.test(contentType))
    return { code: value, lang: /xml/i.test(contentType) ? 'xml' : 'text' };
  return { code: JSON.stringify(value, null, 2) ?? 'null', lang: 'json' };
}
