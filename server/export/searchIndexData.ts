/**
 * The site server's search index as the export reads it back over HTTP: checked with zod before the
 * bundle is written from it, so a wrong answer fails the export with a reason instead of being cast.
 */
import { z } from 'zod';
import type { SearchIndexData } from '../sites/theme/searchFormat.js';

const SearchDocSchema = z.looseObject({
  u: z.string(),
  t: z.string(),
  s: z.string().exactOptional(),
  d: z.string().exactOptional(),
  h: z.array(z.tuple([z.string(), z.string()])).exactOptional(),
  k: z.array(z.string()).exactOptional(),
  b: z.number().exactOptional(),
  m: z.string().exactOptional(),
  x: z.string(),
});

/** `/_offprint/search-index.json`; unknown keys pass through to the bundle unchanged. */
export const SearchIndexDataSchema = z.looseObject({
  version: z.literal(1),
  docs: z.array(SearchDocSchema),
}) satisfies z.ZodType<SearchIndexData>;
