/**
 * The export options a job row stores as JSON (resolved features, selected paths), written when the job
 * is started and read back, validated, by whichever worker runs it.
 */
import { z } from 'zod';
import type { DeploymentKind } from '../types.js';
import type { ExportOptions, ResolvedExportFeatures } from './spec.js';

const collector = z.strictObject({ collectorUrl: z.string() }).nullable();

/** {@link ResolvedExportFeatures} as stored. */
const ResolvedFeaturesSchema = z.strictObject({
  search: z.boolean(),
  feedback: collector,
  analytics: collector,
  apiPlayground: z.strictObject({ baseUrls: z.array(z.string()) }).nullable(),
  assistant: z.boolean(),
}) satisfies z.ZodType<ResolvedExportFeatures>;

const PathsSchema = z.array(z.string()).nullable();

/**
 * What the `features` column holds: the resolved features, and beside them, when set, the run's
 * `allowEgress` switch (a resumed job must keep it; absent in every job started without it).
 */
const StoredFeaturesSchema = ResolvedFeaturesSchema.extend({ allowEgress: z.literal(true).optional() });

/** The JSON stored for resolved features (and `allowEgress`, when true). */
export function encodeFeatures(features: ResolvedExportFeatures, allowEgress = false): string {
  return JSON.stringify(allowEgress ? { ...features, allowEgress: true } : features);
}

/** The JSON stored for the selected paths (null: every page). */
export function encodePaths(paths: readonly string[] | null): string | null {
  return paths === null ? null : JSON.stringify(paths);
}

/** The options a job's run uses, read back from its row. Throws when the stored JSON is not valid. */
/** The columns of a job row that record what it exports (structurally the database's row). */
export interface RecordedExport {
  readonly deployment: DeploymentKind;
  readonly features: string;
  readonly versionLabel: string | null;
  readonly paths: string | null;
}

export function jobExportOptions(row: RecordedExport): ExportOptions {
  const { allowEgress, ...features } = StoredFeaturesSchema.parse(JSON.parse(row.features));
  return {
    deployment: row.deployment,
    features,
    versionLabel: row.versionLabel,
    paths: PathsSchema.parse(row.paths === null ? null : JSON.parse(row.paths)),
    allowEgress: allowEgress === true,
  };
}
