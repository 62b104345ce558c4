/**
 * Messages between the render pool and a sandbox process. The child is where project code runs, so
 * what it sends is checked like any untrusted input before the server uses it.
 */
import { z } from 'zod';
import { ENDPOINT_FIELD_LIMITS as LIMITS, FAILED_COMPONENT_LIMITS } from '../render/types.js';

const iconLibrary = z.enum(['fontawesome', 'lucide', 'tabler']);

/** Parent -> child: render one page of the child's project. */
export const renderRequestSchema = z.object({
  type: z.literal('render'),
  id: z.number().int(),
  /** Page file, relative to the project root. */
  file: z.string(),
  variables: z.record(z.string(), z.string()),
  iconLibrary,
  /** Packed copies of remote media: URL -> root-relative path (server/sites/project/remote.ts). */
  packedAssets: z.record(z.string(), z.string()).optional(),
  /**
   * Only what a search index reads is wanted: the reply's `html` is left empty. An import renders every
   * page once just for its headings and text; shipping each body over IPC, and parsing and validating
   * it here, was most of what an import's heap churned through.
   */
  summary: z.boolean().optional(),
});
export type RenderRequest = z.infer<typeof renderRequestSchema>;

/** A code block the server writes itself (an endpoint page's request samples and response examples). */
const codeBlockSchema = z.object({ code: z.string(), lang: z.string().max(64) });
export type PlainCodeBlock = z.infer<typeof codeBlockSchema>;

/** Blocks one highlight request carries at most (a caller with more sends several). */
export const MAX_HIGHLIGHT_BLOCKS = 256;

/**
 * Parent -> child: highlight code blocks. Shiki's grammars load and run here, not on the server's event
 * loop: a language's first use compiles its grammar (and those it embeds) for up to a second or so.
 */
export const highlightRequestSchema = z.object({
  type: z.literal('highlight'),
  id: z.number().int(),
  blocks: z.array(codeBlockSchema).max(MAX_HIGHLIGHT_BLOCKS),
});
export type HighlightRequest = z.infer<typeof highlightRequestSchema>;

/** Parent -> child: any request. */
export const childRequestSchema = z.discriminatedUnion('type', [renderRequestSchema, highlightRequestSchema]);
export type ChildRequest = z.infer<typeof childRequestSchema>;

/** A page's ParamField, as its generated request example reads it (render/types.ts `EndpointField`). */
const endpointFieldSchema = z.object({
  location: z.enum(['path', 'query', 'body', 'header', 'cookie']),
  name: z.string().max(LIMITS.name),
  parents: z.array(z.string().max(LIMITS.name)).max(LIMITS.depth).readonly(),
  type: z.string().max(LIMITS.type).optional(),
  required: z.boolean(),
  default: z.unknown().optional(),
  placeholder: z.string().max(LIMITS.placeholder).optional(),
});

const renderedPageSchema = z.object({
  html: z.string(),
  headings: z.array(z.object({ depth: z.number(), id: z.string(), text: z.string() })).readonly(),
  unknownComponents: z.array(z.string()).readonly(),
  failedComponents: z
    .array(
      z.object({
        name: z.string().max(FAILED_COMPONENT_LIMITS.name),
        reason: z.string().max(FAILED_COMPONENT_LIMITS.reason),
      }),
    )
    .max(FAILED_COMPONENT_LIMITS.components)
    .readonly()
    .optional(),
  missingImports: z.array(z.string()).readonly(),
  assets: z.array(z.string()).readonly(),
  remoteMedia: z.array(z.string()).readonly().optional(),
  remoteEmbeds: z.array(z.string()).readonly().optional(),
  text: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  warnings: z.array(z.string()).readonly(),
  islands: z.object({ names: z.array(z.string()).readonly(), script: z.string() }).optional(),
  endpointFields: z.array(endpointFieldSchema).max(LIMITS.fields).readonly().optional(),
  requestExample: z.boolean().optional(),
  responseExample: z.boolean().optional(),
});

/** Child -> parent. */
export const childMessageSchema = z.discriminatedUnion('type', [
  /** Started, locked down, ready for requests. */
  z.object({ type: z.literal('ready'), nodeEnv: z.string() }),
  /** Refused to start (for example: no permission model in this runtime). */
  z.object({ type: z.literal('unavailable'), reason: z.string() }),
  z.object({ type: z.literal('rendered'), id: z.number().int(), page: renderedPageSchema }),
  /** The `<pre>` HTML of each block of a highlight request, in its order. */
  z.object({ type: z.literal('highlighted'), id: z.number().int(), html: z.array(z.string()) }),
  /** The page could not be rendered at all (its file unreadable, or a renderer bug). */
  z.object({ type: z.literal('failed'), id: z.number().int(), reason: z.string(), detail: z.string().optional() }),
]);
export type ChildMessage = z.infer<typeof childMessageSchema>;
