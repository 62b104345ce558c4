/**
 * The manifest's `egressProof`: what the zero-egress check (egress/) saw when it opened every page of the
 * finished bundle in Chromium, from file:// and from a throwaway static server, with every request
 * outside the bundle blocked and counted, and what went wrong inside it (a file missing, a script error).
 * Signed with the rest of the manifest.
 */
import { z } from 'zod';

/** The kinds of outside request the check tells apart. */
export const EGRESS_KINDS = [
  'http',
  'websocket',
  'preconnect',
  'dns-prefetch',
  'prefetch',
  'webrtc',
  'service-worker',
  'other',
] as const;

/** One kind of outside request. */
export type EgressKind = (typeof EGRESS_KINDS)[number];

/** How the check opened a page: from disk, or from a static server. */
const modeSchema = z.enum(['file', 'http']);

/** Something wrong inside the bundle that a page load met (egress/loadErrors.ts). */
export const loadErrorSchema = z.object({
  /** A file of the bundle the page asked for and did not get, or an error its scripts logged or threw. */
  kind: z.enum(['missing-file', 'script-error']),
  /** The file and why (`_assets/a.js (net::ERR_FILE_NOT_FOUND)`, `x.png (HTTP 404)`), or the error's text. */
  detail: z.string(),
});

/** One error a page load met inside the bundle. */
export type LoadError = z.infer<typeof loadErrorSchema>;

/** The proof as the manifest carries it. */
export const egressProofSchema = z.object({
  pagesChecked: z.number().int().nonnegative(),
  modes: z.array(modeSchema),
  /** Outside requests seen, by kind (every kind present, 0 when none). */
  requests: z.record(z.string(), z.number().int().nonnegative()),
  blocked: z.number().int().nonnegative(),
  chromiumVersion: z.string().nullable(),
  /** ISO-8601: the export's time (the job's creation), like the manifest's `createdAt`. */
  time: z.string(),
  /** Only when the export allowed egress explicitly: the requests seen (otherwise any fails the export). */
  failures: z.array(z.object({ page: z.string(), kind: z.string(), url: z.string() })),
  /**
   * Errors inside the bundle its pages met (a file they asked for missing, a script error), by page and
   * way of opening it; warnings, not failures. Absent from bundles written before the check looked.
   */
  pageErrors: z.array(loadErrorSchema.extend({ page: z.string(), mode: modeSchema })).optional(),
});

/** A parsed egress proof. */
export type EgressProof = z.infer<typeof egressProofSchema>;
