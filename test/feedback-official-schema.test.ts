import { describe, expect, it } from 'vitest';
import { assertMatchesOfficial, assertOfficialResponse, OFFICIAL_ERROR_REF } from './helpers/officialSchema.js';

// The other tests lean on these checks; they must really reject what the official API would not return.
describe('the official-schema check used by the feedback tests', () => {
  const list = '/v1/analytics/{projectId}/feedback' as const;
  const byPage = '/v1/analytics/{projectId}/feedback/by-page' as const;
  const contextual = {
    id: 'a',
    path: '/p',
    comment: null,
    createdAt: '2026-01-31T09:05:00.000Z',
    source: 'contextual',
    status: 'pending',
    helpful: true,
    contact: null,
  };

  it('accepts a well-formed page and error body', () => {
    assertOfficialResponse(list, 200, { feedback: [contextual], nextCursor: null, hasMore: false });
    assertOfficialResponse(byPage, 200, {
      feedback: [{ path: '/p', thumbsUp: 1, thumbsDown: 0, code: 0, total: 1 }],
      hasMore: false,
    });
    assertOfficialResponse(list, 400, { error: 'bad', details: [{ message: 'x' }] });
    assertOfficialResponse(byPage, 404, { error: 'missing' });
  });

  it.each([
    ['a page without nextCursor', { feedback: [], hasMore: false }],
    ['hasMore as a string', { feedback: [], nextCursor: null, hasMore: 'false' }],
    [
      // Only base fields can be checked this way: the variants are open objects under anyOf, so a
      // contextual entry without `contact` still passes as the base variant. The tests check exact keys.
      'an entry without a required nullable base field',
      { feedback: [{ ...contextual, comment: undefined }], nextCursor: null, hasMore: false },
    ],
    ['an unknown status', { feedback: [{ ...contextual, status: 'open' }], nextCursor: null, hasMore: false }],
    ['an unknown source', { feedback: [{ ...contextual, source: 'email' }], nextCursor: null, hasMore: false }],
    ['createdAt as a number', { feedback: [{ ...contextual, createdAt: 0 }], nextCursor: null, hasMore: false }],
  ])('rejects %s', (_name, body) => {
    expect(() => assertOfficialResponse(list, 200, JSON.parse(JSON.stringify(body)))).toThrow(/does not match/);
  });

  it('rejects malformed by-page and error bodies', () => {
    expect(() =>
      assertOfficialResponse(byPage, 200, { feedback: [{ path: '/p', total: 1 }], hasMore: false }),
    ).toThrow();
    expect(() => assertMatchesOfficial(OFFICIAL_ERROR_REF, { message: 'no error field' })).toThrow();
    expect(() => assertMatchesOfficial(OFFICIAL_ERROR_REF, { error: 'x', details: [{ text: 'y' }] })).toThrow();
  });
});
