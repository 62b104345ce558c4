/**
 * The body of an OpenAPI endpoint page: method + URL, description, authorization, parameters by location,
 * request body, responses with schemas, request samples and response examples. The result has the shape
 * of a rendered MDX page, so the document shell treats both alike.
 */
import type { OpenApiOperation, SiteModel } from '../../project/model.js';
import type { RenderedHeading, RenderedPage } from '../../render/types.js';
import { iconSvg } from '../../render/icons/icons.js';
import { PageIds } from '../../render/runtime/slugs.js';
import { esc } from '../html.js';
import { EN_FIELDS, type EndpointSection } from '../i18n/fields.js';
import { EN } from '../i18n/index.js';
import { endpointBar } from './bar.js';
import { codeBlock, tabStrip, type CodeHighlighter } from './code.js';
import { markdownText, miniMarkdown } from './markdown.js';
import { requestExamples, requestPanel, type RequestExample } from './requestExamples.js';
import { responseExamplesOf, responsePanel } from './responses.js';
import { authOf, exampleText, mediaExample, pickContent, type Sample } from './samples.js';
import { sampleSettings } from './snippets.js';
import { fieldRow, isObject, SchemaContext, type FieldAnchor, type Json } from './schema.js';
import { schemaRows } from './topRows.js';

const LOCATIONS = [
  ['path', 'pathParameters'],
  ['query', 'queryParameters'],
  ['header', 'headerParameters'],
  ['cookie', 'cookieParameters'],
] as const satisfies readonly (readonly [string, EndpointSection])[];

const LINK = iconSvg('link', 'lucide') ?? '';

/**
 * The operation's base URL without a trailing slash: paths start with one, and `https://api.x/` (or Swagger 2's
 * `basePath: "/"`) joined to `/v1/...` would show `//` in every request sample.
 */
function serverUrl(doc: Json, op: OpenApiOperation): string | undefined {
  const url = declaredServer(doc, op);
  return url?.replace(/\/+$/, '');
}

function declaredServer(doc: Json, op: OpenApiOperation): string | undefined {
  for (const source of [op.operation['servers'], op.pathItem['servers'], doc['servers']]) {
    const first = Array.isArray(source) ? (source as unknown[])[0] : undefined;
    if (isObject(first) && typeof first['url'] === 'string') return withDefaults(first['url'], first['variables']);
  }
  if (typeof doc['host'] === 'string') {
    const scheme = Array.isArray(doc['schemes']) ? String((doc['schemes'] as unknown[])[0]) : 'https';
    return `${scheme}://${doc['host']}${typeof doc['basePath'] === 'string' ? doc['basePath'] : ''}`;
  }
  return undefined;
}

/**
 * A server URL with its `{name}` variables replaced by their `default` (OpenAPI: the value "used for
 * substitution" when none is supplied), so samples hold a URL that can be run (Dify's `"{api_base_url}"`);
 * a variable the server does not define, or defines without a string default, stays as written.
 */
function withDefaults(url: string, variables: unknown): string {
  if (!isObject(variables)) return url;
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    const value = isObject(variable) ? variable['default'] : undefined;
    return typeof value === 'string' || typeof value === 'number' ? String(value) : whole;
  });
}

/** Path-item parameters overridden by operation parameters with the same name and location. */
function parameters(ctx: SchemaContext, op: OpenApiOperation): Json[] {
  const byKey = new Map<string, Json>();
  for (const list of [op.pathItem['parameters'], op.operation['parameters']]) {
    if (!Array.isArray(list)) continue;
    for (const raw of list as unknown[]) {
      const param = ctx.resolve(raw).node;
      if (param && typeof param['name'] === 'string') byKey.set(`${String(param['in'])}:${param['name']}`, param);
    }
  }
  return [...byKey.values()];
}

/** What an API reference page is assembling: its headings (ids unique on the page), text for search, sections. */
export class Page {
  readonly headings: RenderedHeading[] = [];
  readonly text: string[] = [];
  private readonly ids: PageIds;

  constructor(reserved: readonly RenderedHeading[]) {
    this.ids = new PageIds(reserved.map((h) => h.id));
  }

  /** `base` made unique on the page as Mintlify numbers repeats (`-2`, `-3`), like the MDX part's ids. */
  id(base: string): string {
    return this.ids.unique(base);
  }

  /** Field ids under `prefix` (Mintlify's `body-`, `response-`, `parameter-`), unique on this page. */
  anchor(prefix: string): FieldAnchor {
    return { prefix, unique: (base) => this.id(base) };
  }

  /**
   * One of an endpoint page's own sections under its heading, written in English (`EN_FIELDS[label]`,
   * which also gives its id, the same in every language) and marked with its label, by which the shell
   * puts it in the page's language (bodyLabels.ts).
   */
  labelled(label: EndpointSection, body: string, extra = ''): string {
    return this.section(EN_FIELDS[label], body, extra, label);
  }

  /** A section under heading `title` (a schema's name, as written), or '' when it has no `body`. */
  section(title: string, body: string, extra = '', label?: EndpointSection): string {
    if (!body) return '';
    const id = this.id(
      title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    );
    this.headings.push({ depth: 2, id, text: title });
    const labelAttribute = label === undefined ? '' : ` data-op-label="${label}"`;
    return (
      `<section class="op-endpoint-section"><h2 class="op-heading op-endpoint-heading" id="${esc(id)}"${labelAttribute}>` +
      `<a class="op-heading-anchor" href="#${esc(id)}" aria-label="${EN.linkToSection}">${LINK}</a>${esc(title)}${extra}</h2>${body}</section>`
    );
  }
}

/**
 * Renders an operation's reference, its samples and examples highlighted by `highlight`. `content` (the
 * MDX body of a page bound with frontmatter `openapi:`) is placed after the description; its headings,
 * text and assets are merged in.
 */
export async function renderEndpointPage(
  site: SiteModel,
  op: OpenApiOperation,
  highlight: CodeHighlighter,
  content?: RenderedPage,
): Promise<RenderedPage> {
  const doc = site.specs.get(op.spec)?.document ?? {};
  const ctx = new SchemaContext(doc);
  const page = new Page(content?.headings ?? []);
  const operation = op.operation;
  const webhook = op.kind === 'webhook';
  const server = webhook ? undefined : serverUrl(doc, op);
  page.text.push(op.summary ?? '', op.description ? markdownText(op.description) : '', op.path);

  const auth = webhook ? [] : authOf(ctx, operation);
  const params = parameters(ctx, op);
  let html = endpointBar(webhook ? 'webhook' : op.method, op.path, server);
  if (op.description) html += `<div class="op-endpoint-description">${miniMarkdown(op.description)}</div>`;

  // Request samples and response examples (moved to the right column on wide screens by the client). An
  // example the page writes replaces the generated one, as on Mintlify, so that one is neither built nor
  // highlighted (a highlight is the page's costliest step).
  const body = ctx.resolve(operation['requestBody']).node;
  const media = pickContent(body?.['content']) ?? swaggerBody(params, operation['consumes'] ?? doc['consumes']);
  const requests: RequestExample<Sample>[] = content?.requestExample
    ? []
    : webhook
      ? [{ samples: webhookSamples(ctx, media) }]
      : requestExamples(ctx, {
          method: op.method,
          url: `${server ?? ''}${op.path}`,
          params,
          media,
          auth,
          operation,
          settings: sampleSettings(site.config.api),
        });
  const samples = requests.flatMap((set) => set.samples);
  const responses = isObject(operation['responses']) ? Object.entries(operation['responses']) : [];
  const responseExamples = content?.responseExample ? [] : responseExamplesOf(ctx, responses);
  const pres = await highlight([...samples, ...responseExamples]);
  const block = (s: { label: string; lang: string }, i: number): { label: string; html: string } => ({
    label: s.label,
    html: codeBlock(pres[i] ?? '', s.lang),
  });
  const slug = page.id('op-api');
  // The client moves examples to the right column in document order, so a generated response follows a
  // request the page wrote. An empty strip is no markup.
  let at = 0;
  const request = requestPanel(
    `${slug}-request`,
    requests.map((set) => ({ ...set, samples: set.samples.map((sample) => block(sample, at++)) })),
  );
  const response = tabStrip(
    `${slug}-response`,
    responseExamples.map((s, i) => ({ ...block(s, samples.length + i), status: s.status })),
    'op-code-group op-response-example',
    { example: 'response' },
  );
  html += request;
  if (!content?.requestExample) html += response;
  if (content) html += `<div class="op-endpoint-content">${content.html}</div>`;
  if (content?.requestExample) html += response;

  if (auth.length > 0) {
    page.text.push(...auth.map((a) => a.name));
    // A requirement naming several schemes needs them all: a row each, all required.
    const section = ctx.section();
    const rows = auth.map((a) =>
      fieldRow(
        section,
        a.name,
        { type: 'string' },
        { location: a.location, required: true, description: a.description, anchor: page.anchor('authorization') },
      ),
    );
    html += page.labelled('authorizations', rows.join(''));
  }
  for (const [location, label] of LOCATIONS) {
    const located = ctx.section();
    const rows = params
      .filter((p) => p['in'] === location)
      .map((p) => {
        page.text.push(String(p['name']), typeof p['description'] === 'string' ? markdownText(p['description']) : '');
        return fieldRow(located, String(p['name']), swaggerParamSchema(p), {
          required: p['required'] === true || location === 'path',
          anchor: page.anchor('parameter'),
          description: p['description'],
          deprecated: p['deprecated'] === true,
          example: p['example'],
        });
      })
      .join('');
    html += page.labelled(label, rows);
  }
  if (media) {
    const schema = media[1]['schema'];
    const rows = schema === undefined ? null : schemaRows(ctx, schema, 'body', 'param', page.anchor('body'));
    page.text.push(...(rows?.fields ?? []));
    html += page.labelled('body', rows?.html ?? '', `<span class="op-endpoint-media">${esc(media[0])}</span>`);
  }
  const responseFields = new Set<string>();
  const tabs = responses.map(([status, raw]) => {
    const panel = responsePanel(ctx, ctx.resolve(raw).node ?? {}, page.anchor('response'));
    for (const field of panel.fields) responseFields.add(field);
    return { label: status, status, html: panel.html };
  });
  page.text.push(...responseFields);
  html += page.labelled('response', tabStrip(`${slug}-status`, tabs, 'op-response-tabs'));
  return {
    html: `<div class="op-endpoint" data-op-endpoint="">${html}</div>`,
    headings: [...(content?.headings ?? []), ...page.headings],
    unknownComponents: content?.unknownComponents ?? [],
    ...(content?.failedComponents === undefined ? {} : { failedComponents: content.failedComponents }),
    missingImports: content?.missingImports ?? [],
    assets: content?.assets ?? [],
    // What the body shows from elsewhere, for the import report, as on any other page.
    ...(content?.remoteMedia === undefined ? {} : { remoteMedia: content.remoteMedia }),
    ...(content?.remoteEmbeds === undefined ? {} : { remoteEmbeds: content.remoteEmbeds }),
    text: [content?.text ?? '', ...page.text].filter(Boolean).join(' ').replace(/\s+/g, ' ').trim(),
    frontmatter: content?.frontmatter ?? {},
    warnings: content?.warnings ?? [],
  };
}

/** A webhook's sample: the payload it sends, if its body has an example. */
function webhookSamples(ctx: SchemaContext, media: [string, Json] | undefined): Sample[] {
  const value = media ? mediaExample(ctx, media[1], 'request') : undefined;
  return value === undefined || media === undefined ? [] : [{ label: 'Payload', ...exampleText(value, media[0]) }];
}

/** A Swagger 2.0 parameter's schema, written on the parameter itself. */
function swaggerParamSchema(p: Json): Json {
  const own = p['schema'];
  if (isObject(own)) return own;
  return { type: p['type'], format: p['format'], enum: p['enum'], items: p['items'], default: p['default'] };
}

/**
 * Swagger 2.0's request body: an `in: body` parameter, or its `in: formData` parameters as a form's fields
 * (multipart when one is a file or `consumes` says so, else urlencoded); they were left out of the page.
 */
function swaggerBody(params: Json[], consumes: unknown): [string, Json] | undefined {
  const body = params.find((p) => p['in'] === 'body');
  if (body) return ['application/json', { schema: body['schema'] }];
  const fields = params.filter((p) => p['in'] === 'formData' && typeof p['name'] === 'string');
  if (fields.length === 0) return undefined;
  const types = Array.isArray(consumes) ? consumes.filter((c): c is string => typeof c === 'string') : [];
  const multipart = fields.some((p) => p['type'] === 'file') || types.some((c) => /^multipart\/form-data/i.test(c));
  const properties = Object.fromEntries(
    fields.map((p) => [String(p['name']), { ...swaggerParamSchema(p), description: p['description'] }]),
  );
  const required = fields.filter((p) => p['required'] === true).map((p) => String(p['name']));
  const type = multipart ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
  return [type, { schema: { type: 'object', properties, required } }];
}
