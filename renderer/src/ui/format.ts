/** How numbers, sizes, durations and times read on the dashboard (the user's locale, no library needed). */

/** `12.3 MB` (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** `1 h 4 min`, `3 min 5 s`, `12 s`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** A date and time in the user's locale, or an em dash. */
export function formatWhen(iso: string | null | undefined): string {
  if (iso === null || iso === undefined) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? '—'
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

const RELATIVE = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
const STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** `3 minutes ago`, `yesterday`; an em dash for never. */
export function formatAgo(iso: string | null | undefined, now = Date.now()): string {
  if (iso === null || iso === undefined) return '—';
  let value = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.round(value), unit);
    value /= size;
  }
  return formatWhen(iso);
}

/** `1,234` in the user's locale. */
export function formatCount(n: number): string {
  return n.toLocaleString();
}

/** Words a code spells in lower case that read as names or acronyms. */
const PROPER_WORDS: Readonly<Record<string, string>> = {
  api: 'API',
  css: 'CSS',
  html: 'HTML',
  js: 'JS',
  json: 'JSON',
  mdx: 'MDX',
  openapi: 'OpenAPI',
  rss: 'RSS',
  svg: 'SVG',
  url: 'URL',
};

/** `missing-asset` -> `Missing asset`, `mdx-syntax` -> `MDX syntax`. */
export function humanize(code: string): string {
  const words = code
    .split(/[-_\s]+/)
    .filter((word) => word !== '')
    .map((word) => PROPER_WORDS[word.toLowerCase()] ?? word)
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A piece of a message: plain text, or what the message quoted in backticks (a command, a file, a key). */
export interface MessagePart {
  readonly text: string;
  readonly code: boolean;
}

/**
 * Splits a server message on its backtick quotes, so the dashboard shows `offprint pack` as code rather
 * than with its backticks; a lone backtick stays text.
 */
export function messageParts(message: string): MessagePart[] {
  return message
    .split(/`([^`\n]+)`/)
    .map((text, i) => ({ text, code: i % 2 === 1 }))
    .filter((part) => part.text !== '');
}

/** `1 problem`, `3 problems` (English plurals: the dashboard is in English). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}
