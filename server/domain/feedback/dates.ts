/** Strict ISO 8601 parsing for query bounds and imported timestamps. */

// ISO 8601 extended (2026-01-31T09:05:00.000+01:00) and basic (20260131T090500Z) formats; the offset may
// be hours only (+01). Both have the same capture groups.
const EXTENDED =
  /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?)?$/;
const BASIC =
  /^(\d{4})(\d{2})(\d{2})(?:[Tt](\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(?:([Zz])|([+-])(\d{2})(\d{2})?)?)?$/;

/**
 * `strict` (query parameters): `YYYY-MM-DD`, or an extended-format date-time with `Z` or an offset.
 * `lenient` (imported timestamps): also the basic format (`20260131T090500Z`), and a date-time without an
 * offset is taken as UTC.
 */
export type IsoFlavour = 'strict' | 'lenient';

/**
 * Parses an ISO 8601 date (UTC midnight) or date-time into epoch milliseconds. Returns null for anything
 * else, including impossible calendar dates (2026-02-30) and times (24:00, 10:60).
 */
export function parseIsoInstant(text: string, flavour: IsoFlavour = 'strict'): number | null {
  const m = EXTENDED.exec(text) ?? (flavour === 'lenient' ? BASIC.exec(text) : null);
  if (m === null) return null;
  const [, y, mo, d, h, mi, s, frac, zulu, sign, oh, om] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (h === undefined) return utc(year, month, day, 0, 0, 0, 0);
  const hour = Number(h);
  const minute = Number(mi);
  const second = s === undefined ? 0 : Number(s);
  if (hour > 23 || minute > 59 || second > 59) return null;
  const hasOffset = zulu !== undefined || sign !== undefined;
  if (!hasOffset && flavour === 'strict') return null;
  let offsetMinutes = 0;
  if (sign !== undefined) {
    const offH = Number(oh);
    const offM = om === undefined ? 0 : Number(om);
    if (offH > 23 || offM > 59) return null;
    offsetMinutes = (sign === '-' ? -1 : 1) * (offH * 60 + offM);
  }
  const millis = frac === undefined ? 0 : Math.floor(Number(`0.${frac}`) * 1000);
  return utc(year, month, day, hour, minute, second, millis) - offsetMinutes * 60_000;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

// Date.UTC maps years 0-99 to 1900-1999; setUTCFullYear does not.
function utc(year: number, month: number, day: number, h: number, mi: number, s: number, ms: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

/** Formats epoch milliseconds as `2026-01-31T09:05:00.000Z`. */
export function formatInstant(ms: number): string {
  return new Date(ms).toISOString();
}
