/**
 * Messages between the render pool and a sandbox process. The child is where project code runs, so
 * what it sends is checked like any untrusted input before the server uses it.
 */
import { z } from 'zod';

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

const renderedPageSchema = z.object({
  html: z.string(),
  headings: z.array(z.object({ depth: z.number(), id: z.string(), text: z.string() })).readonly(),
  unknownComponents: z.array(z.string()).readonly(),
  missingImports: z.array(z.string()).readonly(),
  assets: z.array(z.string()).readonly(),
  remoteMedia: z.array(z.string()).readonly().optional(),
  text: z.string(),
  frontmatter: z.record(z.string(), z.unknown()),
  warnings: z.array(z.string()).readonly(),
});

/** Child -> parent. */
export const childMessageSchema = z.discriminatedUnion('type', [
  /** Started, locked down, ready for requests. */
  z.object({ type: z.literal('ready'), nodeEnv: z.string() }),
  /** Refused to start (for example: no permission model in this runtime). */
  z.object({ type: z.literal('unavailable'), reason: z.string() }),
  z.object({ type: z.literal('rendered'), id: z.number().int(), page: renderedPageSchema }),
  /** The page could not be rendered at all (its file unreadable, or a renderer bug). */
  z.object({ type: z.literal('failed'), id: z.number().int(), reason: z.string(), detail: z.string().optional() }),
]);
export type ChildMessage = z.infer<typeof childMessageSchema>;
