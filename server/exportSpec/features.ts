/**
 * Which features an exported site has: the deployment kind's defaults (the spec's feature table, with
 * offline search going beyond it for air-gapped bundles) combined with what the request asked for.
 * Asking for something the kind cannot have is a validation error naming the feature, never a silent
 * downgrade: the manifest must record what the bundle really does.
 */
import { z } from 'zod';
import { ValidationError } from '../errors.js';
import type { DeploymentKind, ResolvedExportFeatures } from './spec.js';

const collectorUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** A collector-backed feature: `true`/`false`, or `{collectorUrl}` to post somewhere else than the default. */
const collected = z.union([z.boolean(), z.strictObject({ collectorUrl: collectorUrl.optional() })]);

/** The `features` object of a start-export request (API body and CLI). */
export const exportFeaturesSchema = z.strictObject({
  /** Offline search (local index loaded by script tags). */
  search: z.boolean().optional(),
  /** Reader feedback widgets. */
  feedback: collected.optional(),
  /** Page-view analytics. */
  analytics: collected.optional(),
  /** API playground: `{baseUrls}` lists the servers its requests may go to (empty: the OpenAPI documents' own). */
  apiPlayground: z.union([z.boolean(), z.strictObject({ baseUrls: z.array(collectorUrl).max(20) })]).optional(),
  /** The AI assistant: never part of a bundle (it needs the cloud service). */
  assistant: z.boolean().optional(),
});

/** What a request may ask for (see {@link exportFeaturesSchema}). */
export type ExportFeaturesRequest = z.infer<typeof exportFeaturesSchema>;

/** Defaults that depend on the installation rather than on the request. */
export interface ExportFeatureDefaults {
  /** Where cloud / client-hosted bundles post feedback and analytics unless told otherwise; null = nowhere. */
  readonly collectorUrl: string | null;
}

function collector(
  kind: DeploymentKind,
  name: 'feedback' | 'analytics',
  asked: z.infer<typeof collected> | undefined,
  fallback: string | null,
  problems: string[],
): { collectorUrl: string } | null {
  if (asked === false) return null;
  const given = typeof asked === 'object' ? asked.collectorUrl : undefined;
  if (kind === 'air-gapped') {
    if (name === 'analytics' && asked !== undefined) {
      problems.push('features.analytics: air-gapped bundles contain no analytics');
      return null;
    }
    if (given !== undefined) return { collectorUrl: given };
    if (asked !== undefined) {
      problems.push(
        'features.feedback: air-gapped bundles have feedback widgets only with features.feedback.collectorUrl ' +
          '(a collector reachable from the air-gapped network)',
      );
    }
    return null;
  }
  const url = given ?? fallback;
  if (url !== null) return { collectorUrl: url };
  if (asked !== undefined) {
    problems.push(`features.${name}: no default collector is configured; give features.${name}.collectorUrl`);
  }
  return null;
}

/**
 * The features of a bundle of `kind`, from the request (already parsed with {@link exportFeaturesSchema})
 * and the installation's defaults. Throws a ValidationError listing every feature the kind cannot have.
 */
export function resolveExportFeatures(
  kind: DeploymentKind,
  requested: ExportFeaturesRequest | undefined,
  defaults: ExportFeatureDefaults,
): ResolvedExportFeatures {
  const asked = requested ?? {};
  const problems: string[] = [];
  if (asked.assistant === true) {
    problems.push(
      kind === 'air-gapped'
        ? 'features.assistant: the AI assistant is not available on air-gapped deployments'
        : 'features.assistant: exported bundles do not include the AI assistant (it needs the cloud service)',
    );
  }
  const playground = asked.apiPlayground;
  let apiPlayground: ResolvedExportFeatures['apiPlayground'];
  if (playground === false) apiPlayground = null;
  else if (typeof playground === 'object') apiPlayground = { baseUrls: [...playground.baseUrls] };
  else if (kind !== 'air-gapped') apiPlayground = { baseUrls: [] };
  else if (playground === true) {
    problems.push(
      'features.apiPlayground: air-gapped bundles need features.apiPlayground.baseUrls (reachable servers)',
    );
    apiPlayground = null;
  } else apiPlayground = null;
  const resolved: ResolvedExportFeatures = {
    search: asked.search ?? true,
    feedback: collector(kind, 'feedback', asked.feedback, defaults.collectorUrl, problems),
    analytics: collector(kind, 'analytics', asked.analytics, defaults.collectorUrl, problems),
    apiPlayground,
    assistant: false,
  };
  if (problems.length > 0) throw ValidationError(`Features not available for a ${kind} bundle`, problems);
  return resolved;
}
