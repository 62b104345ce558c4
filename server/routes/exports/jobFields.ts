/**
 * Fields Offprint adds to a static export job for the dashboard (not in the official API): the phase,
 * an estimate of the time left, the pages taken from the last export, and once completed the bundle's
 * size, SHA-256 and warnings.
 */
import { z } from 'zod';
import { ExportWarningSchema } from '../../exportSpec/warnings.js';

/** What a job is doing now. */
export const EXPORT_PHASES = [
  'queued',
  'rendering',
  'assembling',
  'proving',
  'zipping',
  'completed',
  'failed',
] as const;

/** The extension fields of a job, spread into its schema. */
export const jobExtensionFields = {
  phase: z.enum(EXPORT_PHASES).meta({
    description:
      'What the job is doing: `rendering` pages (`pageCount` of `pagesTotal`), `assembling` the bundle, ' +
      '`proving` it makes no request outside itself (every page opened in Chromium), `zipping` it; or ' +
      '`queued`, `completed`, `failed` (Offprint extension).',
  }),
  etaSeconds: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({
      description:
        'Estimated seconds until the job completes, from its pace so far (`progress` is weighted by where an ' +
        "export's time goes: rendering about a third, the egress check most of the rest); null when unknown " +
        '(before the first page, when not running) (Offprint extension).',
    }),
  pagesReused: z
    .number()
    .int()
    .min(0)
    .meta({
      description:
        "Of `pageCount`, the pages taken from the project's last export instead of rendered: nothing they " +
        'load (their content, images, scripts, navigation) changed since, so their capture is the same ' +
        '(Offprint extension).',
    }),
  durationMs: z.number().int().min(0).nullable().meta({
    description: 'How long the job ran: until now while running, until it ended afterwards (Offprint extension).',
  }),
  sizeBytes: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'Bundle size, once completed (Offprint extension).' }),
  sha256: z
    .string()
    .nullable()
    .meta({ description: 'SHA-256 of the bundle (hex), once completed (Offprint extension).' }),
  signingKeyFingerprint: z.string().nullable().meta({
    description: 'Fingerprint of the key that signed the bundle’s manifest, once completed (Offprint extension).',
  }),
  warnings: z
    .array(ExportWarningSchema)
    .nullable()
    .meta({
      description:
        'What the export could not do cleanly (blocked requests, page errors, links to missing anchors, missing ' +
        'files), the first 1000; null until completed, in lists (GET the job for them), and for jobs ' +
        'completed before warnings were kept (Offprint extension).',
    }),
  warningCount: z
    .number()
    .int()
    .min(0)
    .nullable()
    .meta({ description: 'All warnings, listed or not; null where `warnings` is (Offprint extension).' }),
};
