import { describe, expect, it } from 'vitest';
import { parseIsoInstant } from '../server/domain/feedback/dates.js';

describe('ISO 8601 parsing', () => {
  it.each([
    ['2026-01-31', '2026-01-31T00:00:00.000Z'],
    ['2026-01-31T10:05:00+01:00', '2026-01-31T09:05:00.000Z'],
    ['2026-01-31T10:05+01', '2026-01-31T09:05:00.000Z'],
    ['2026-01-31T03:35:00.250-0530', '2026-01-31T09:05:00.250Z'],
    ['20260131T090500Z', '2026-01-31T09:05:00.000Z'],
    ['20260131T100500+0100', '2026-01-31T09:05:00.000Z'],
    ['20260131', '2026-01-31T00:00:00.000Z'],
    ['2024-02-29T23:59:59.999Z', '2024-02-29T23:59:59.999Z'],
    ['0042-03-01', '0042-03-01T00:00:00.000Z'],
  ])('reads %s as %s (imports)', (text, iso) => {
    const ms = parseIsoInstant(text, 'lenient');
    expect(ms === null ? null : new Date(ms).toISOString()).toBe(iso);
  });

  it.each([
    '2026-02-30',
    '2025-02-29',
    '2026-13-01',
    '2026-01-31T24:00:00Z',
    '2026-01-31T10:60Z',
    '2026/01/31',
    '31-01-2026',
    '2026-01-31T10:00:00+25:00',
    '',
    'now',
  ])('refuses %j', (text) => {
    expect(parseIsoInstant(text)).toBeNull();
  });

  it('keeps query parameters to YYYY-MM-DD and extended date-times with an offset', () => {
    expect(parseIsoInstant('2026-01-31T09:05:00')).toBeNull();
    expect(parseIsoInstant('20260131')).toBeNull();
    expect(parseIsoInstant('20260131T090500Z')).toBeNull();
    expect(parseIsoInstant('2026-01-31T10:05:00+01:00')).toBe(Date.UTC(2026, 0, 31, 9, 5));
    expect(parseIsoInstant('2026-01-31T09:05:00', 'lenient')).toBe(Date.UTC(2026, 0, 31, 9, 5));
  });
});
