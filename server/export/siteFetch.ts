/**
 * Reads from the run's private site server with retries. The server closes idle keep-alive connections
 * after a few seconds; when the assembly kept the event loop busy past that, Node's fetch could reuse a
 * connection the server was closing at that very moment and fail with `read ECONNRESET` (the 404-page
 * step of a resumed 10,000-page export failed so). A GET is idempotent: a failed connection or a 5xx is
 * tried again, and one that keeps failing fails the export naming what could not be read.
 *
 * Redirects are never followed. The site server answers a project's redirects (a `/changelog/:slug` source
 * matches a feed's path), and a destination may be any URL: followed here, the exporting machine would
 * fetch an intranet address of the project's choosing and write its bytes into the bundle.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../logger.js';
import { ExportFailedError } from './contract.js';

/** Reads of one URL before the export fails. */
export const SITE_FETCH_ATTEMPTS = 3;

function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}

/**
 * GETs `url` from the site server; answers below 500 (a redirect included, unfollowed) are returned as
 * they are, for the caller to judge. `what` names the file in the failure (`The 404 page`, `The file /x.png`).
 */
export async function fetchFromSite(url: string, what: string, logger: Logger): Promise<Response> {
  let problem = '';
  for (let attempt = 1; attempt <= SITE_FETCH_ATTEMPTS; attempt++) {
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return response;
      await response.body?.cancel();
      problem = `HTTP ${response.status}`;
    } catch (error) {
      problem = reasonOf(error);
    }
    logger.warn({ url, attempt, problem }, 'export: site server read failed, retrying');
    await sleep(100 * attempt);
  }
  throw new ExportFailedError(`${what} could not be read from the site (${problem})`);
}
