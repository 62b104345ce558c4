/**
 * A small hand-made data set whose expected results tests spell out id by id: three entries share one
 * instant, two sit on either side of a UTC midnight, one is a millisecond before it, two have no time.
 */
import { entry, type ImportLine } from './feedbackFixtures.js';

/** The catalog, newest first as the API must order it (ids descending within the shared instant). */
export const CATALOG_ORDER = ['k08', 'k07', 'k06', 'k05', 'k04', 'k03', 'k02', 'k01', 'k09', 'n2', 'n1'] as const;

/** The catalog entries, in the (deliberately scrambled) order they are imported. */
export const CATALOG: readonly ImportLine[] = [
  entry('k02', '2026-01-10T08:00:00.000Z', 'code_snippet', { status: 'resolved', path: '/b' }),
  entry('n1', null, 'contextual', { status: 'pending', path: '/a', helpful: false }),
  entry('k06', '2026-01-16T00:00:00.000Z', 'code_snippet', { status: 'pending', path: '/c' }),
  entry('k09', '2025-12-31T23:00:00.000Z', 'code_snippet', { status: 'pending', path: '/a' }),
  entry('k01', '2026-01-10T08:00:00.000Z', 'contextual', { status: 'pending', path: '/a', helpful: true }),
  entry('k08', '2026-01-31T09:05:00.000Z', 'contextual', { status: 'in_progress', path: '/a', helpful: false }),
  entry('k04', '2026-01-12T00:00:00.000Z', 'agent', { status: 'in_progress', path: '/c' }),
  entry('n2', null, 'agent', { status: 'resolved', path: '/b' }),
  entry('k07', '2026-01-20T12:30:00.000Z', 'thumbs_only', { status: 'resolved', path: '/b', helpful: true }),
  entry('k05', '2026-01-15T23:59:59.999Z', 'contextual', { status: 'dismissed', path: '/a', helpful: true }),
  entry('k03', '2026-01-10T08:00:00.000Z', 'thumbs_only', { status: 'pending', path: '/a', helpful: false }),
];
