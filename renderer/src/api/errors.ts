/** The error every failed API call becomes: status, the server's message and its details. */

/** A failed API call (status 0: the server could not be reached). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: readonly string[],
  ) {
    super(message);
  }
}

function stringField(value: unknown, field: string): string | null {
  if (typeof value !== 'object' || value === null || !(field in value)) return null;
  const found: unknown = Reflect.get(value, field);
  return typeof found === 'string' ? found : null;
}

/** The ApiError for a body the server sent with a failing status (`{"error", "details": [{"message"}]}`). */
export function apiErrorOf(status: number, body: unknown): ApiError {
  const message = stringField(body, 'error') ?? `The server answered HTTP ${status}`;
  const details: unknown =
    typeof body === 'object' && body !== null && 'details' in body ? Reflect.get(body, 'details') : [];
  const messages = Array.isArray(details) ? details.flatMap((d: unknown) => stringField(d, 'message') ?? []) : [];
  return new ApiError(status, message, messages);
}

/** The error shown when the server is unreachable. */
export const OFFLINE = new ApiError(0, 'Could not reach the Offprint server', []);
