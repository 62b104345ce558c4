/**
 * A GET or HEAD with a body, which an OpenAPI operation may describe and cURL sends, but some clients
 * refuse: fetch throws a TypeError, OkHttp an IllegalArgumentException (`HttpMethod.permitsRequestBody`),
 * and URLSession fails the task (-1103, since iOS 13). A sample in those languages that copied the body
 * would fail when run, so it goes without the body and its content type, and says so.
 */
import type { SampleRequest } from './snippets.js';

const NO_BODY_METHODS = new Set(['GET', 'HEAD']);

/** `r` as a client that sends no body with GET or HEAD can send it, and the comment saying what was left out. */
export function withoutRefusedBody(
  r: SampleRequest,
  client: string,
): { readonly request: SampleRequest; readonly note: string | null } {
  const method = r.method.toUpperCase();
  if (r.body === undefined || !NO_BODY_METHODS.has(method)) return { request: r, note: null };
  return {
    request: {
      ...r,
      body: undefined,
      json: undefined,
      headers: r.headers.filter(([name]) => name.toLowerCase() !== 'content-type'),
    },
    note: `${client} cannot send a body with ${method}: this request leaves out the one cURL sends.`,
  };
}
