/**
 * The `details` of a client error that was raised without any: every 4xx body carries at least one, so a
 * script prints `details` whatever the status. Domain code says what went wrong; what to do about it over
 * HTTP (which endpoint lists the IDs it could have sent) is known here, not there, and the CLI gives the
 * same errors its own advice.
 */
import type { ErrorDetail, Missing, MissingKind } from '../errors.js';

/** The request an error answers. */
export interface FailedRequest {
  readonly method: string;
  readonly path: string;
  /** The `Retry-After` the error sets, if any. */
  readonly retryAfter?: string | undefined;
}

/** Where each kind of thing a lookup can miss is listed over the API. */
const LISTED: Readonly<Record<MissingKind, (missing: Missing) => string>> = {
  organization: () => 'GET /v1/projects lists the projects with the orgId of each',
  project: () => 'GET /v1/projects lists the projects this server has',
  domain: () => 'GET /v1/projects lists the projects with the domain of each',
  apiKey: () => 'GET /v1/keys lists the API keys of your organization',
  feedback: (missing) =>
    missing.projectId === undefined
      ? 'GET /v1/analytics/{projectId}/feedback lists a project\u2019s feedback'
      : `GET /v1/analytics/${missing.projectId}/feedback lists the project\u2019s feedback`,
};

const NOUNS: Readonly<Record<MissingKind, string>> = {
  organization: 'organization',
  project: 'project',
  domain: 'project',
  apiKey: 'API key',
  feedback: 'feedback entry',
};

/** Lookups by ID in a path that carry no `Missing` (things the CLI never looks up), by path prefix. */
const LISTED_BY_PATH: readonly (readonly [string, string])[] = [
  ['/v1/static-export/jobs/', 'GET /v1/static-export/jobs lists the export jobs'],
  ['/v1/signing-key', 'GET /v1/signing-key shows the current signing key and the retired ones'],
];

function notFoundDetail(missing: Missing | undefined, request: FailedRequest): string {
  if (missing !== undefined) {
    const what = missing.kind === 'domain' ? 'project has the domain' : `${NOUNS[missing.kind]} has the ID`;
    return `no ${what} ${JSON.stringify(missing.id)}; ${LISTED[missing.kind](missing)}`;
  }
  const listed = LISTED_BY_PATH.find(([prefix]) => request.path.startsWith(prefix));
  if (listed !== undefined) return `check the ID in ${request.method} ${request.path}; ${listed[1]}`;
  return `nothing is at ${request.path}; check the path and the IDs in it`;
}

/** Generic advice by status, for the errors that carry none of their own. */
const BY_STATUS: Readonly<Record<number, string>> = {
  400: 'the request could not be read; see the endpoint\u2019s parameters and requestBody in GET /v1/openapi.json',
  405: 'see the methods of this path in GET /v1/openapi.json',
  408: 'send the whole request (headers and body) without pausing; the server waits 10 s for headers',
  409: 'the resource is not in a state that allows this; fetch it again and retry',
  410: 'it is gone for good; ask for it again',
  413: 'the request body is larger than this endpoint accepts; send a smaller body',
  415: 'the request body is not of a type this endpoint accepts; see its requestBody in GET /v1/openapi.json',
  431: 'the request\u2019s headers may take at most 16 KB together; send fewer or shorter headers (a large Cookie is the usual cause)',
  501: 'see the methods this server answers in GET /v1/openapi.json',
};

/**
 * The details a `status` error answering `request` carries: its own when it has any, else one saying what
 * to do. `missing` is what a 404 lookup found nothing for, when known.
 */
export function clientErrorDetails(
  status: number,
  own: readonly ErrorDetail[],
  request: FailedRequest,
  missing?: Missing,
): readonly ErrorDetail[] {
  if (own.length > 0 || status < 400 || status >= 500) return own;
  if (status === 404) return [{ message: notFoundDetail(missing, request) }];
  if (status === 429) {
    const wait = request.retryAfter === undefined ? 'a while' : `${request.retryAfter} s (Retry-After)`;
    return [{ message: `wait ${wait}, then send the request again` }];
  }
  return [{ message: BY_STATUS[status] ?? 'see this endpoint\u2019s responses in GET /v1/openapi.json' }];
}

/** {@link clientErrorDetails} for a request Node refused before any route saw it (headers too large, a timeout, bytes that are no request). */
export function refusalDetails(status: number): readonly ErrorDetail[] {
  if (status === 400)
    return [{ message: 'the bytes received are not an HTTP/1.1 request (request line, headers, blank line)' }];
  return [{ message: BY_STATUS[status] ?? 'send the request again' }];
}
