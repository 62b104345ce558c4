/** A finished run's warnings, readable (code, message, page), from what the pipeline recorded. */
import { pageFile } from '../export/bundleFiles.js';
import type { ExportResult } from '../export/contract.js';
import type { ExportWarning } from '../exportSpec/warnings.js';

/** The site path of bundle page file `file` (the inverse of `pageFile`: `guides/setup.html` -> `/guides/setup`). */
function pageOfFile(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
}

/**
 * Every warning of `result`, in a stable order: blocked requests (capture, then egress check), page errors
 * (capture, then the bundle's own, which the egress check met), anchors, scripts, redirects and pages left out, files.
 */
export function exportWarnings(result: ExportResult): ExportWarning[] {
  const warnings: ExportWarning[] = [];
  for (const { page, url } of result.blockedRequests) {
    warnings.push({ code: 'blocked-request', page, message: `blocked a request to ${url} (outside the site)` });
  }
  for (const { page, kind, url } of result.egressFailures ?? []) {
    warnings.push({
      code: 'blocked-request',
      page: pageOfFile(page),
      message: `the egress check blocked a ${kind} request to ${url} (outside the bundle; allowed by allowEgress)`,
    });
  }
  for (const { page, message } of result.pageErrors ?? []) warnings.push({ code: 'page-error', page, message });
  for (const { page, mode, kind, detail } of result.egressPageErrors ?? []) {
    const opened = mode === 'file' ? 'opened from disk' : 'opened from a static server';
    warnings.push(
      kind === 'missing-file'
        ? { code: 'missing-file', page: pageOfFile(page), message: `${opened}, it could not load ${detail}` }
        : { code: 'page-error', page: pageOfFile(page), message: `${opened}, a script failed: ${detail}` },
    );
  }
  for (const { file, href } of result.missingAnchorLinks ?? []) {
    warnings.push({
      code: 'missing-anchor',
      page: pageOfFile(file),
      message: `links to ${href}, an anchor its page does not have; the link now leads to the page`,
    });
  }
  for (const name of result.integrationsLeftOut ?? []) {
    warnings.push({
      code: 'script-left-out',
      page: null,
      message:
        `the allowedScripts setting loads the ${name} integration on the live site; the bundle leaves it out ` +
        "(it loads from its provider's servers; a bundle runs only the project's own allowed scripts)",
    });
  }
  for (const source of result.redirectsLeftOut ?? []) {
    warnings.push({
      code: 'redirect-left-out',
      page: null,
      message:
        `the redirect from ${source} is a pattern that leads to no exported page, so no static page can ` +
        'stand for it: the bundle leaves it out (the live site keeps it)',
    });
  }
  for (const path of result.pagesLeftOut ?? []) {
    warnings.push({
      code: 'page-left-out',
      page: path,
      message:
        `the page's bundle file ${pageFile(path)} has a name Windows refuses (one of <>:"|?* or \\, a trailing ` +
        'dot or space, or a device name such as CON or aux), and one such entry stops the whole bundle from ' +
        'unpacking there: the bundle leaves it out, links to it lead to the 404 page (the live site keeps it)',
    });
  }
  for (const path of result.missingFiles ?? []) {
    warnings.push({
      code: 'missing-file',
      page: null,
      message: `a page refers to ${path}, which the site does not have`,
    });
  }
  return warnings;
}
