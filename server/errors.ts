/**
 * Named error factories. Domain code throws these; the HTTP error handler and the CLI turn them into a
 * status + JSON body or a message + exit code. Anything else that escapes is an internal error.
 */

import { formatBytes } from './bytes.js';

/** One problem in a request or input file. */
export interface ErrorDetail {
  readonly message: string;
}

/** Kinds of things a lookup by ID or name can fail to find. */
export type MissingKind = 'organization' | 'project' | 'domain' | 'apiKey' | 'feedback';

/**
 * What a lookup found nothing for, beside the message: the CLI says it in one shared wording, with the
 * data dir and the command that lists such things, which the domain code does not know.
 */
export interface Missing {
  readonly kind: MissingKind;
  /** The ID or name that was looked for. */
  readonly id: string;
  /** For feedback: the project it was looked for in. */
  readonly projectId?: string;
}

/** An error meant to reach the client as it is. */
export class AppError extends Error {
  /** Set on "not found" errors (404, or the 400 of an unknown export domain): what was looked for. */
  missing: Missing | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 400: the input is not valid; one detail per problem. */
export function ValidationError(message: string, problems: readonly string[] = []): AppError {
  return new AppError(
    400,
    message,
    problems.map((p) => ({ message: p })),
  );
}

/**
 * 401: no usable credentials. `fix` is the one detail, saying what to send instead: every error body but
 * the generic 500 has details, so a client prints them the same way whatever the status.
 */
export function AuthenticationError(
  message = 'A valid admin API key is required',
  fix = 'send an admin API key as "Authorization: Bearer offp_..."; `offprint keys create` makes one',
): AppError {
  return new AppError(401, message, [{ message: fix }], { 'WWW-Authenticate': 'Bearer realm="offprint"' });
}

/** 403: authenticated, but not allowed. */
export function ForbiddenError(message: string, problems: readonly string[] = []): AppError {
  return new AppError(
    403,
    message,
    problems.map((p) => ({ message: p })),
  );
}

/**
 * 404: the thing does not exist (or belongs to someone else, which looks the same). `problems` say why when
 * it is not a lookup; without them the HTTP error handler says where such things are listed.
 */
export function NotFoundError(message: string, missing?: Missing, problems: readonly string[] = []): AppError {
  const error = new AppError(
    404,
    message,
    problems.map((p) => ({ message: p })),
  );
  error.missing = missing;
  return error;
}

/** 409: the thing is not in a state that allows this; `problems` say what would be allowed. */
export function ConflictError(message: string, problems: readonly string[] = []): AppError {
  return new AppError(
    409,
    message,
    problems.map((p) => ({ message: p })),
  );
}

/** 413: the request body is larger than allowed; the detail gives the limit, exact and as people read it. */
export function PayloadTooLargeError(limitBytes: number): AppError {
  return new AppError(413, `Request body is larger than ${limitBytes} bytes`, [
    { message: `the limit for this request is ${limitBytes} bytes (${formatBytes(limitBytes)}); send a smaller body` },
  ]);
}

/** 413: one record of a streamed body (an NDJSON line) is larger than allowed; refused before it is buffered. */
export function RecordTooLargeError(message: string, problems: readonly string[]): AppError {
  return new AppError(
    413,
    message,
    problems.map((p) => ({ message: p })),
  );
}

/**
 * 415: the body is not of a type the endpoint reads. `expected` are the types it accepts, `received` the
 * request's Content-Type (empty: none); the detail names both.
 */
export function UnsupportedMediaTypeError(expected: readonly string[], received = ''): AppError {
  const accepted =
    expected.length > 1 ? `${expected.slice(0, -1).join(', ')} or ${expected.at(-1) ?? ''}` : expected.join('');
  // The client's own header, shortened: an error body never carries more than a line of what was sent.
  const sent = received.trim() === '' ? 'no Content-Type' : received.trim().slice(0, 100);
  return new AppError(415, `Content-Type must be ${expected.join(' or ')}`, [
    { message: `this endpoint accepts a body of type ${accepted}; the request sent ${sent}` },
  ]);
}

/** 405: the resource exists but not for this method; `allowed` goes in the Allow header. */
export function MethodNotAllowedError(
  allowed: readonly string[],
  message = `Method not allowed here; use ${allowed.join(' or ')}`,
  problems: readonly string[] = [],
): AppError {
  return new AppError(
    405,
    message,
    problems.map((p) => ({ message: p })),
    { Allow: allowed.join(', ') },
  );
}

/** 501: a request method this server does not answer on any route. */
export function NotImplementedError(method: string): AppError {
  return new AppError(501, 'Not implemented', [{ message: `${method} is not a method this server answers` }]);
}

/** 429: the client (or everyone, for a shared budget) sent too much; `Retry-After` in whole seconds. */
export function TooManyRequestsError(
  retryAfterSeconds: number,
  message = 'Too many requests: try again later',
): AppError {
  return new AppError(429, message, [], { 'Retry-After': String(retryAfterSeconds) });
}

/** 503: the thing exists but cannot be served right now. */
export function ServiceUnavailableError(message: string, problems: readonly string[] = []): AppError {
  return new AppError(
    503,
    message,
    problems.map((p) => ({ message: p })),
  );
}

/**
 * An AppError rebuilt from its parts: one that crossed a thread boundary (only data does), or one
 * whose text had to be changed (a server path hidden) before it reaches a client.
 */
export function RebuiltError(parts: {
  readonly status: number;
  readonly message: string;
  readonly details: readonly ErrorDetail[];
  readonly headers?: Readonly<Record<string, string>>;
}): AppError {
  return new AppError(parts.status, parts.message, parts.details, parts.headers ?? {});
}

/** 410: the thing existed but is gone for good (an expired link). */
export function GoneError(message: string): AppError {
  return new AppError(410, message);
}

/** 416: a byte range past the end of a `size`-byte resource. */
export function RangeNotSatisfiableError(size: number): AppError {
  return new AppError(416, 'Range not satisfiable', [{ message: `the file has ${size} bytes` }], {
    'Content-Range': `bytes */${size}`,
  });
}
