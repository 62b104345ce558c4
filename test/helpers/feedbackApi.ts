/**
 * Calls the feedback read routes over HTTP and checks every body against the official document on the
 * way, so no test can accept a response the official API would not give.
 */
import { expect } from 'vitest';
import type { ApiEntry } from './feedbackFixtures.js';
import { assertOfficialResponse, type OfficialPath } from './officialSchema.js';
import type { TestServer } from './server.js';

/** A page of `GET .../feedback`. */
export interface FeedbackPageBody {
  readonly feedback: ApiEntry[];
  readonly nextCursor: string | null;
  readonly hasMore: boolean;
}

/** Counts of one path in `GET .../feedback/by-page`. */
export interface PathCounts {
  readonly path: string;
  readonly thumbsUp: number;
  readonly thumbsDown: number;
  readonly code: number;
  readonly total: number;
}

/** The body of `GET .../feedback/by-page`. */
export interface ByPageBody {
  readonly feedback: PathCounts[];
  readonly hasMore: boolean;
}

/** The error body. */
export interface ErrorBody {
  readonly error: string;
  readonly details?: { message: string }[];
}

/** Query parameters: pairs keep order and allow repeats; a string is sent as it is (after `?`). */
export type Query = Record<string, string> | readonly (readonly [string, string])[] | string;

/** Which read route. */
export type ReadRoute = 'feedback' | 'by-page';

const OFFICIAL: Record<ReadRoute, OfficialPath> = {
  feedback: '/v1/analytics/{projectId}/feedback',
  'by-page': '/v1/analytics/{projectId}/feedback/by-page',
};

/** `/v1/analytics/{projectId}/feedback[/by-page]?query` with the query encoded (unless given as a string). */
export function readPath(route: ReadRoute, projectId: string, query: Query = {}): string {
  const qs =
    typeof query === 'string' ? query : new URLSearchParams(query as Record<string, string> | string[][]).toString();
  const base = `/v1/analytics/${encodeURIComponent(projectId)}/feedback${route === 'by-page' ? '/by-page' : ''}`;
  return qs === '' ? base : `${base}?${qs}`;
}

/** A response: status, content type and parsed JSON body. */
export interface JsonResponse {
  readonly status: number;
  readonly contentType: string;
  readonly body: unknown;
}

/** GETs a read route with `t`'s key (or `key`) and parses the JSON body. */
export async function getRead(
  t: TestServer,
  route: ReadRoute,
  query: Query = {},
  options: { projectId?: string; key?: string } = {},
): Promise<JsonResponse> {
  const headers = options.key === undefined ? {} : { Authorization: `Bearer ${options.key}` };
  const res = await t.api(readPath(route, options.projectId ?? t.projectId, query), { headers });
  const text = await res.text();
  const contentType = res.headers.get('content-type') ?? '';
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${res.status} answer is not JSON (${contentType}): ${text.slice(0, 200)}`);
  }
  return { status: res.status, contentType, body };
}

/** GETs one page of feedback; fails the test unless it is a 200 that matches the official schema. */
export async function getFeedback(
  t: TestServer,
  query: Query = {},
  options: { projectId?: string; key?: string } = {},
): Promise<FeedbackPageBody> {
  const res = await getRead(t, 'feedback', query, options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  assertOfficialResponse(OFFICIAL.feedback, 200, res.body);
  return res.body as FeedbackPageBody;
}

/** GETs per-path counts; fails the test unless it is a 200 that matches the official schema. */
export async function getByPage(
  t: TestServer,
  query: Query = {},
  options: { projectId?: string; key?: string } = {},
): Promise<ByPageBody> {
  const res = await getRead(t, 'by-page', query, options);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  assertOfficialResponse(OFFICIAL['by-page'], 200, res.body);
  return res.body as ByPageBody;
}

/**
 * GETs a read route expecting an error `status`: the body must be JSON, match the official error schema
 * and carry nothing but `error` and `details`.
 */
export async function getError(
  t: TestServer,
  route: ReadRoute,
  query: Query,
  status: number,
  options: { projectId?: string; key?: string } = {},
): Promise<ErrorBody> {
  const res = await getRead(t, route, query, options);
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.contentType).toMatch(/^application\/json\b/);
  assertOfficialResponse(OFFICIAL[route], status, res.body);
  expect(Object.keys(res.body as object).filter((k) => k !== 'error' && k !== 'details')).toEqual([]);
  return res.body as ErrorBody;
}

/** The messages of an error body's details. */
export function detailMessages(body: ErrorBody): string[] {
  return (body.details ?? []).map((d) => d.message);
}

/**
 * Follows `nextCursor` from the first page to the end, checking the paging contract on every page: full
 * pages while `hasMore`, a cursor exactly when `hasMore`, never an empty page after the first.
 */
export async function walkPages(
  t: TestServer,
  query: Record<string, string>,
  options: { projectId?: string } = {},
): Promise<FeedbackPageBody[]> {
  const limit = query['limit'] === undefined ? 50 : Number(query['limit']);
  const pages: FeedbackPageBody[] = [];
  let cursor: string | null = null;
  do {
    const page: FeedbackPageBody = await getFeedback(t, cursor === null ? query : { ...query, cursor }, options);
    pages.push(page);
    expect(page.hasMore).toBe(page.nextCursor !== null);
    if (page.hasMore) expect(page.feedback).toHaveLength(limit);
    else expect(page.feedback.length).toBeLessThanOrEqual(limit);
    if (pages.length > 1) expect(page.feedback.length).toBeGreaterThan(0);
    if (pages.length > 10_000) throw new Error('paging does not end');
    cursor = page.nextCursor;
  } while (cursor !== null);
  return pages;
}
