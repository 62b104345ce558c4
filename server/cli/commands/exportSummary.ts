/**
 * The end-of-export summary `offprint export` prints (without `--json`): the bundle written, its size,
 * signature and timings, and what was left out, blocked or allowed, long lists capped.
 */
import type { ExportJobRow } from '../../db/exportJobs.js';
import type { ExportResult } from '../../export/contract.js';
import { formatFileSize } from '../../bytes.js';
import { formatDuration, type ProgressDisplay } from '../progress.js';
import { counted } from '../counted.js';

/** Blocked requests listed one by one in the summary; the rest are counted. */
const LISTED_BLOCKED = 10;

/** The first {@link LISTED_BLOCKED} of `items` as indented summary lines, then how many more there are. */
function listed<T>(items: readonly T[], line: (item: T) => string): string[] {
  const lines = items.slice(0, LISTED_BLOCKED).map((item) => `    ${line(item)}`);
  if (items.length > LISTED_BLOCKED) lines.push(`    ... and ${items.length - LISTED_BLOCKED} more`);
  return lines;
}

/** Longest listed line: an error's message may be a whole stack or code frame (the log has it whole). */
const MAX_LINE = 200;

function clipped(line: string): string {
  const flat = line.replace(/\s+/g, ' ');
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE)}…` : flat;
}

/** The lines `offprint export` prints when the export completes (and `--json` is not given). */
export function summary(
  job: ExportJobRow,
  result: ExportResult,
  out: string,
  ms: number,
  display: ProgressDisplay,
): string {
  const check = display.egressCheck;
  const lines = [
    `Exported ${result.pageCount} pages of ${job.domain} (${job.deployment}) to ${out}`,
    `  size ${formatFileSize(result.sizeBytes)} (${result.sizeBytes} bytes), sha256 ${result.sha256}`,
    `  time ${formatDuration(ms)}, ${result.blockedRequests.length} blocked requests`,
    ...(display.pagesReused === 0
      ? []
      : [
          `  pages: ${result.pageCount - display.pagesReused} of ${result.pageCount} rendered, ` +
            `${display.pagesReused} taken from the last export (nothing they load changed)`,
        ]),
    ...(check === null || check.reused === 0
      ? []
      : [
          `  egress check: ${check.total - check.reused} of ${check.total} page loads opened, ` +
            `${check.reused} proved by the last export (same page and files)`,
        ]),
    `  ${counted(result.missingAnchors, 'link')} to a missing anchor (now to their page; listed as warnings in the log)`,
    `  signed by key ${result.signingFingerprint} (check on the other side: offprint verify FILE --fingerprint ${result.signingFingerprint})`,
  ];
  const missingFiles = result.missingFiles ?? [];
  if (missingFiles.length > 0) {
    lines.push(
      `  ${counted(missingFiles.length, 'file the pages refer to is', 'files the pages refer to are')} not in the project (left out; warnings in the log)`,
      ...listed(missingFiles, (path) => path),
    );
  }
  const carried = result.scriptsCarried ?? [];
  if (carried.length > 0) lines.push(`  every page runs ${carried.join(', ')} (allowed by the allowedScripts setting)`);
  const components = result.componentPages ?? [];
  if (components.length > 0) {
    const pages = components.length === 1 ? `1 page runs its` : `${components.length} pages run their`;
    lines.push(`  ${pages} React components in the browser (allowed by the allowedScripts setting)`);
  }
  const leftOut = result.integrationsLeftOut ?? [];
  if (leftOut.length > 0) {
    const what =
      leftOut.length === 1
        ? "an integration the live site loads from its provider's servers"
        : "integrations the live site loads from their providers' servers";
    lines.push(`  left out ${leftOut.join(', ')}: ${what}`);
  }
  const redirects = result.redirectsLeftOut ?? [];
  if (redirects.length > 0) {
    const [noun, verb] = redirects.length === 1 ? ['pattern', 'it leads'] : ['patterns', 'they lead'];
    lines.push(`  left out the redirect ${noun} ${redirects.join(', ')}: ${verb} to no exported page`);
  }
  const pagesLeftOut = result.pagesLeftOut ?? [];
  if (pagesLeftOut.length > 0) {
    lines.push(
      `  left out ${pagesLeftOut.length} pages whose file name Windows refuses (<>:"|?* or \\, a trailing dot or space, CON, aux, ...):`,
      ...listed(pagesLeftOut, (path) => path),
    );
  }
  lines.push(...listed(result.blockedRequests, ({ page, url }) => `${page}: ${url}`));
  const rendering = result.pageErrors ?? [];
  if (rendering.length > 0) {
    lines.push(
      `  ${counted(rendering.length, 'page error')} while rendering (a page shown as its source, a script error; warnings in the log)`,
      ...listed(rendering, ({ page, message }) => clipped(`${page}: ${message}`)),
    );
  }
  const egress = result.egressFailures ?? [];
  if (egress.length > 0) {
    lines.push(
      `  ${counted(egress.length, 'request')} outside the bundle allowed by --allow-egress (in the manifest's egressProof)`,
      ...listed(egress, ({ page, kind, url }) => `${page}: ${kind} ${url}`),
    );
  }
  const inside = result.egressPageErrors ?? [];
  if (inside.length > 0) {
    lines.push(
      `  ${counted(inside.length, 'error')} in the bundle's pages (a file missing, a script error; in the manifest's egressProof)`,
      ...listed(inside, ({ page, mode, detail }) => `${page} (${mode}): ${detail}`),
    );
  }
  return `${lines.join('\n')}\n`;
}
