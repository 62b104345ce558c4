/**
 * The manifest's `egressProof`: what the zero-egress check (egress/) saw when it opened every page of the
 * finished bundle in Chromium, from file:// and from a throwaway static server, with every request
 * outside the bundle blocked and counted. Signed with the rest of the manifest.
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

/** The proof as the manifest carries it. */
export const egressProofSchema = z.object({
  pagesChecked: z.number().int().nonnegative(),
  modes: z.array(z.enum(['file', 'http'])),
  /** Outside requests seen, by kind (every kind present, 0 when none). */
  requests: z.record(z.string(), z.number().int().nonnegative()),
  blocked: z.number().int().nonnegative(),
  chromiumVersion: z.string().nullable(),
  /** ISO-8601: the export's time (the job's creation), like the manifest's `createdAt`. */
  time: z.string(),
  /** Only when the export allowed egress explicitly: the requests seen (otherwise any fails the export). */
  failures: z.array(z.object({ page: z.string(), kind: z.string(), url: z.string() })),
});

/** A parsed egress proof. */
export type EgressProof = z.infer<typeof egressProofSchema>;
