/**
 * The request example of an MDX endpoint page (frontmatter `api: "POST https://…"`, or `openapi:` naming
 * an operation no local spec holds) that writes no `<RequestExample>` of its own: Mintlify generates one
 * from the page's `<ParamField>`s. The fields are read as an OpenAPI operation and written by the sample
 * generator of OpenAPI pages (samples.ts), so both pages show the same languages, markup and buttons.
 */
import { z } from 'zod';
import type { Frontmatter } from '../../project/pages/frontmatter.js';
import type { EndpointField } from '../../render/types.js';
import { frontmatterEndpoint } from './bar.js';
import { codeBlock, tabStrip, type CodeHighlighter } from './code.js';
import { fieldSchema, valueText } from './mdxFields.js';
import { authOf, operationSamples, type Sample } from './samples.js';
import { sampleSettings } from './snippets.js';
import { SchemaContext, type Json } from './schema.js';

/** docs.json `api` as MDX endpoint pages read it (mint.json's `api.baseUrl`/`api.auth` arrive here too). */
const MdxApiSchema = z.looseObject({
  mdx: z
    .looseObject({
      server: z.union([z.string(), z.array(z.string())]).optional(),
      auth: z.looseObject({ method: z.string().optional(), name: z.string().optional() }).optional(),
    })
    .optional(),
});

type MdxApi = NonNullable<z.output<typeof MdxApiSchema>['mdx']>;

/** The security scheme an auth method names (`bearer`, `basic`, `key`), as OpenAPI would write it. */
function securityScheme(method: string | undefined, name: string | undefined): Json | undefined {
  switch (method?.trim().toLowerCase()) {
    case 'bearer':
      return { type: 'http', scheme: 'bearer' };
    case 'basic':
      return { type: 'http', scheme: 'basic' };
    case 'key':
      return { type: 'apiKey', in: 'header', name: name ?? 'x-api-key' };
    default:
      return undefined;
  }
}

/** A document holding only the page's auth: frontmatter `authMethod` first, else `api.mdx.auth`. */
function authDocument(mdx: MdxApi, frontmatter: Frontmatter): Json {
  const own = frontmatter['authMethod'];
  const method = typeof own === 'string' && own.trim() !== '' ? own : mdx.auth?.method;
  const scheme = securityScheme(method, mdx.auth?.name);
  return scheme ? { components: { securitySchemes: { auth: scheme } }, security: [{ auth: [] }] } : {};
}

/** The server of MDX endpoint pages (`api.mdx.server`, the first of several), if docs.json names one. */
export function mdxServer(api: unknown): string | undefined {
  return firstServer(mdxApi(api));
}

/** docs.json's `api.mdx`, empty when absent or not that shape. */
function mdxApi(api: unknown): MdxApi {
  const parsed = MdxApiSchema.safeParse(api ?? {});
  return (parsed.success ? parsed.data.mdx : undefined) ?? {};
}

function firstServer(mdx: MdxApi): string | undefined {
  return Array.isArray(mdx.server) ? mdx.server[0] : mdx.server;
}

/** Whether an endpoint path is a whole URL (else the MDX server goes in front of it). */
export function isAbsoluteUrl(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path);
}

/** `path` with the server in front when it is relative (`/v1/users`, with `api.mdx.server` set). */
function withServer(path: string, server: string | undefined): string {
  if (isAbsoluteUrl(path) || server === undefined) return path;
  return `${server.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** The request the page documents, as OpenAPI parameters and a body (nested fields as its properties). */
function operationOf(fields: readonly EndpointField[]): { params: Json[]; media: [string, Json] | undefined } {
  const top = fields.filter((f) => f.parents.length === 0);
  const params = top
    .filter((f) => f.location !== 'body')
    .map((f) => ({
      name: f.name,
      in: f.location,
      required: f.required || f.location === 'path',
      schema: fieldSchema(f, fields),
    }));
  const body = top.filter((f) => f.location === 'body');
  if (body.length === 0) return { params, media: undefined };
  const schema = {
    type: 'object',
    properties: Object.fromEntries(body.map((f) => [f.name, fieldSchema(f, fields)])),
    required: body.filter((f) => f.required).map((f) => f.name),
  };
  const file = fields.some((f) => f.location === 'body' && f.type?.trim().toLowerCase() === 'file');
  return { params, media: [file ? 'multipart/form-data' : 'application/json', { schema }] };
}

/**
 * The request samples Mintlify would generate for an MDX endpoint page; none for a page that is not
 * one, writes its own `<RequestExample>`, or documents a webhook (nothing to send).
 */
export function mdxRequestSamples(
  api: unknown,
  frontmatter: Frontmatter,
  fields: readonly EndpointField[],
  ownExample: boolean,
): Sample[] {
  const endpoint = frontmatterEndpoint(frontmatter);
  if (endpoint === undefined || endpoint.method === 'webhook' || ownExample) return [];
  const mdx = mdxApi(api);
  const ctx = new SchemaContext(authDocument(mdx, frontmatter));
  const { params, media } = operationOf(fields);
  const given = new Map(fields.filter((f) => f.parents.length === 0).map((f) => [`${f.location}:${f.name}`, f]));
  const valueOf = (location: string, name: string): string | undefined => {
    const field = given.get(`${location}:${name}`);
    return field ? valueText(field) : undefined;
  };
  // A path parameter given a value is sent with it; else it stays `{name}`, as OpenAPI pages show it.
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = valueOf('path', name);
    return value === undefined ? whole : encodeURIComponent(value);
  });
  return operationSamples(ctx, {
    method: endpoint.method,
    url: withServer(path, firstServer(mdx)),
    params,
    media,
    auth: authOf(ctx, {}),
    operation: {},
    settings: sampleSettings(api),
    value: (p) => valueOf(String(p['in']), String(p['name'])) ?? `<${String(p['name'])}>`,
  });
}

/** Page facts {@link mdxRequestExample} reads: its frontmatter and what its render collected. */
export interface MdxEndpointPage {
  readonly frontmatter: Frontmatter;
  readonly endpointFields?: readonly EndpointField[] | undefined;
  readonly requestExample?: boolean | undefined;
}

/**
 * The generated request example of an MDX endpoint page, as the tab strip OpenAPI pages show (the client
 * pins it to the right column); '' when the page gets none.
 */
export async function mdxRequestExample(
  api: unknown,
  page: MdxEndpointPage,
  highlight: CodeHighlighter,
): Promise<string> {
  const samples = mdxRequestSamples(api, page.frontmatter, page.endpointFields ?? [], page.requestExample === true);
  if (samples.length === 0) return '';
  const pres = await highlight(samples);
  const tabs = samples.map((s, i) => ({ label: s.label, html: codeBlock(pres[i] ?? '', s.lang) }));
  return tabStrip('op-mdx-request', tabs, 'op-code-group op-request-example', { example: 'request' });
}
