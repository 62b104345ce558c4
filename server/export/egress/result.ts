/**
 * The egress check's result: the manifest's proof from every page load seen, or the failed export that
 * names each request outside the bundle (unless the export allows egress, when they are its failures).
 * Errors inside the bundle (a file missing, a script error) never fail it: the proof lists them.
 */
import type { Logger } from '../../logger.js';
import { ExportFailedError } from '../contract.js';
import { connectOrigins } from '../csp.js';
import { EGRESS_KINDS, type EgressKind, type EgressProof, type LoadError } from '../egressProof.js';
import type { ResolvedExportFeatures } from '../contract.js';
import { compareText, type Attempt } from './attempts.js';

/** How a page is opened. */
export type ProofMode = EgressProof['modes'][number];

/** What the check saw: every attempt, and every error inside the bundle, by page and mode. */
export interface Seen {
  readonly page: string;
  readonly mode: ProofMode;
  readonly attempts: readonly Attempt[];
  readonly errors: readonly LoadError[];
}

/** What the proof records besides what was seen. */
export interface ProofContext {
  readonly features: ResolvedExportFeatures;
  readonly allowEgress: boolean;
  readonly time: string;
  readonly logger: Logger;
}

/** Failures named in the error of a failed export; the rest are counted. */
const LISTED_FAILURES = 20;

/** The proof from what was seen; throws ExportFailedError naming each outside request unless allowed. */
export function proofOf(
  input: ProofContext,
  pagesChecked: number,
  modes: ProofMode[],
  chromiumVersion: string | null,
  seen: readonly Seen[],
): EgressProof {
  const requests = Object.fromEntries(EGRESS_KINDS.map((kind) => [kind, 0])) as Record<EgressKind, number>;
  let blocked = 0;
  const declared = new Set(connectOrigins(input.features));
  const failures = new Map<string, { page: string; kind: EgressKind; url: string }>();
  for (const { page, mode, attempts } of seen) {
    for (const attempt of attempts) {
      requests[attempt.kind] += 1;
      if (attempt.blocked) blocked += 1;
      // The collectors and API servers the export was configured with are the bundle's own endpoints.
      if (isDeclared(attempt, declared)) continue;
      input.logger.warn({ page, mode, kind: attempt.kind, url: attempt.url }, 'export: request outside the bundle');
      failures.set(`${page} ${attempt.kind} ${attempt.url}`, { page, kind: attempt.kind, url: attempt.url });
    }
  }
  const listed = [...failures.values()].sort(
    (a, b) => compareText(a.page, b.page) || compareText(a.kind, b.kind) || compareText(a.url, b.url),
  );
  if (listed.length > 0 && !input.allowEgress) throw egressError(listed);
  const pageErrors = pageErrorsOf(seen, input.logger);
  return { pagesChecked, modes, requests, blocked, chromiumVersion, time: input.time, failures: listed, pageErrors };
}

/** Every error inside the bundle a load met, by page then mode (each logged): warnings of the export. */
function pageErrorsOf(seen: readonly Seen[], logger: Logger): NonNullable<EgressProof['pageErrors']> {
  const errors = seen.flatMap(({ page, mode, errors }) => errors.map((error) => ({ page, mode, ...error })));
  errors.sort((a, b) => compareText(a.page, b.page) || compareText(a.mode, b.mode));
  for (const error of errors) logger.warn(error, 'export: a page of the bundle met an error');
  return errors;
}

function isDeclared(attempt: Attempt, declared: ReadonlySet<string>): boolean {
  if (attempt.kind !== 'http' && attempt.kind !== 'prefetch') return false;
  try {
    return declared.has(new URL(attempt.url).origin);
  } catch {
    return false;
  }
}

function egressError(failures: readonly { page: string; kind: string; url: string }[]): ExportFailedError {
  const lines = failures.slice(0, LISTED_FAILURES).map((f) => `${f.page}: ${f.kind} ${f.url}`);
  if (failures.length > LISTED_FAILURES) lines.push(`and ${failures.length - LISTED_FAILURES} more`);
  return new ExportFailedError(
    `The bundle makes ${failures.length} request${failures.length === 1 ? '' : 's'} outside itself ` +
      `(blocked by the egress check; allow egress to record them as warnings instead): ${lines.join('; ')}`,
    failures[0]?.page ?? null,
  );
}
