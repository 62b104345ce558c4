/** Schemas of `POST /v1/bundles/verify`. */
import { z } from 'zod';
import { egressProofSchema } from '../../export/egressProof.js';
import { isFingerprint } from '../../signing/ed25519.js';
import { DEPLOYMENT_KINDS } from '../../types.js';

// ISO 8601 instants (`2026-03-01T10:00:00.000Z`), like the other admin routes' dates.
const iso = z.string();

/** What the bundle says it is, from its manifest, and what it is as a file. */
export const ManifestSummarySchema = z.strictObject({
  domain: z
    .string()
    .nullable()
    .meta({ description: 'The exported site’s hostname; null when the manifest is unreadable.' }),
  version: z.string().nullable().meta({ description: 'The version label the export was tagged with.' }),
  deployment: z.enum(DEPLOYMENT_KINDS).nullable(),
  offprintVersion: z.string().nullable().meta({ description: 'The Offprint that wrote the bundle.' }),
  pages: z.number().int().min(0),
  files: z.number().int().min(0).meta({ description: 'Entries checked, the manifest’s own included.' }),
  createdAt: iso.nullable().meta({
    description:
      'When this server’s export job produced these exact bytes; null for a bundle made elsewhere (the ' +
      'manifest records no time: bundles are deterministic).',
  }),
  jobId: z.string().nullable().meta({ description: 'That export job of the key’s organization, if any.' }),
  sha256: z.string().meta({ description: 'SHA-256 of the uploaded file (hex).' }),
  sizeBytes: z.number().int().min(0),
  signedBy: z.string().nullable().meta({
    description: 'Fingerprint of the key whose valid signature the manifest carries; null when unsigned or invalid.',
  }),
  keyPinned: z.boolean().meta({
    description: 'True when that key was checked against the `fingerprint` given in the query.',
  }),
  exportedAt: iso.nullable().meta({ description: 'When the export was asked for, as the signed manifest says.' }),
  chromiumVersion: z.string().nullable(),
  egressProof: egressProofSchema.nullable().meta({
    description: 'What the zero-egress check saw when it opened every page of the bundle (signed manifest).',
  }),
});

/** Query of `POST /v1/bundles/verify`. */
export const VerifyQuerySchema = z.strictObject({
  fingerprint: z
    .string()
    .refine(isFingerprint, 'must be a key fingerprint like K7QF-2M4X-PA9D-LR3T')
    .optional()
    .meta({ description: 'Require the signature of the key with this fingerprint.', 'x-offprint': true }),
});

/** 200 body of `POST /v1/bundles/verify`: the verdict, whether the bundle is good or not. */
export const VerifyResultSchema = z.strictObject({
  ok: z.boolean().meta({ description: 'True when the bundle is complete, untouched and closed.' }),
  problems: z
    .array(z.string())
    .meta({ description: 'Everything wrong, one sentence each (as `offprint verify` prints them); empty when ok.' }),
  manifest: ManifestSummarySchema,
});
