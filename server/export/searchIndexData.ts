/**
 * The site server's sharded search index as the export reads it back over HTTP (`.json` form of each
 * file under `/_offprint/search/`): checked with zod before the bundle is written from it, so a wrong
 * answer fails the export with a reason instead of being cast.
 */
import { z } from 'zod';
import type { DocChunk, SearchManifest, ShownDoc, TermShard } from '../sites/theme/searchFormat.js';

const ShownDocSchema = z.looseObject({
  u: z.string(),
  t: z.string(),
  s: z.string().exactOptional(),
  d: z.string().exactOptional(),
  h: z.array(z.tuple([z.string(), z.string()])).exactOptional(),
  m: z.string().exactOptional(),
  x: z.string(),
}) satisfies z.ZodType<ShownDoc>;

/** `manifest.json`: the shard boundaries, doc count and docs' languages. */
export const SearchManifestSchema = z.object({
  version: z.literal(3),
  docs: z.number().int().nonnegative(),
  chunk: z.number().int().positive(),
  shards: z.array(z.string()),
  heads: z.array(z.string()).exactOptional(),
  languages: z.array(z.tuple([z.number().int().nonnegative(), z.string()])).exactOptional(),
}) satisfies z.ZodType<SearchManifest>;

/** `d<n>.json`: a run of docs; unknown keys pass through to the bundle unchanged. */
export const DocChunkSchema = z.object({ docs: z.array(ShownDocSchema.nullable()) }) satisfies z.ZodType<DocChunk>;

/** `t<n>.json` and `h<n>.json`: terms and their postings. */
export const TermShardSchema = z.object({
  terms: z.array(z.tuple([z.string(), z.array(z.number().int().nonnegative())])),
}) satisfies z.ZodType<TermShard>;
