/**
 * The theme's interface text in the reader's language. Mintlify shows its own interface ("On this page",
 * "Was this page helpful?", "Previous"...) in the language of the page (docs.json `navigation.languages`
 * codes); a page of a language the theme has no table for reads English. Shared by the server (the page
 * shell) and the client script (search dialog, feedback prompts, copy buttons), which reads `<html lang>`.
 */
import { CJK_TABLES } from './cjk.js';
import { EUROPEAN_TABLES } from './european.js';
import { EUROPEAN_MORE_TABLES } from './europeanMore.js';
import { LATIN_TABLES } from './latin.js';
import { LATVIAN_UZBEK_LABELS, LATVIAN_UZBEK_TABLES } from './latvianUzbek.js';
import { LATIN_OTHER_TABLES } from './latinOther.js';
import { NORDIC_TABLES } from './nordic.js';
import { OTHER_TABLES } from './other.js';
import { EAST_LABELS } from './labelsEast.js';
import { EN_LABELS, type UiLabels } from './labels.js';
import { NORTH_LABELS } from './labelsNorth.js';
import { WEST_LABELS } from './labelsWest.js';
import type { UiShellText, UiText } from './text.js';

export type { UiText } from './text.js';

/** English: the fallback of every other table. */
const EN_SHELL: UiShellText = {
  onThisPage: 'On this page',
  search: 'Search',
  searchPlaceholder: 'Search...',
  searchDocs: 'Search the docs',
  searching: 'Searching…',
  noResults: 'No results for “{query}”',
  searchKeys: '↑ ↓ to navigate · ↵ to open · Esc to close',
  helpful: 'Was this page helpful?',
  yes: 'Yes',
  no: 'No',
  anythingToAdd: 'Anything to add?',
  likeWhat: 'Great! What did you like?',
  improve: 'How can we improve this page?',
  commentPlaceholder: 'Your comment (optional)',
  emailLabel: 'Email (optional, if you would like a reply)',
  skip: 'Skip',
  sendFeedback: 'Send feedback',
  thanks: 'Thank you for your feedback!',
  previous: 'Previous',
  next: 'Next',
  copy: 'Copy',
  copied: 'Copied',
  copyPage: 'Copy page',
  copyPageDescription: 'Copy this page as Markdown',
  viewMarkdown: 'View as Markdown',
  viewMarkdownDescription: 'View this page as plain text',
  skipToContent: 'Skip to content',
  lastModified: 'Last modified on {date}',
  notFoundTitle: 'Page not found',
  notFoundDescription: "We couldn't find the page you were looking for.",
  goHome: 'Go to the home page',
  openNavigation: 'Open navigation',
  closeNavigation: 'Close navigation',
  toggleDark: 'Toggle dark mode',
  copyFailed: 'Copy failed',
  voteFailed: 'Could not send your vote',
  feedbackFailed: 'Could not send your feedback',
  expand: 'Expand',
  collapse: 'Collapse',
  searchUnavailable: 'Search is not available right now.',
  codeFeedbackPrompt: 'What is wrong with this code, or what is missing?',
  codeFeedbackThanks: 'Thanks! Your feedback on this code was sent.',
  cancel: 'Cancel',
  send: 'Send',
  paginationLabel: 'Previous and next pages',
  feedbackLabel: 'Page feedback',
  morePageActions: 'More page actions',
  assistantUnavailable: 'The AI assistant is not available in this offline copy.',
};

/** English: the fallback of every other table. */
export const EN: UiText = { ...EN_SHELL, ...EN_LABELS };

const LABELS: Readonly<Record<string, UiLabels>> = {
  ...WEST_LABELS,
  ...NORTH_LABELS,
  ...EAST_LABELS,
  ...LATVIAN_UZBEK_LABELS,
};

/**
 * A language's shell text joined to its labels; a language without labels (a table added to one side
 * only) keeps the English ones, and the tests flag it.
 */
function joined(code: string, shell: UiShellText): UiText {
  return { ...shell, ...(LABELS[code] ?? EN_LABELS) };
}

const TABLES: ReadonlyMap<string, UiText> = new Map(
  Object.entries({
    en: EN_SHELL,
    ...LATIN_TABLES,
    ...LATIN_OTHER_TABLES,
    ...EUROPEAN_TABLES,
    ...EUROPEAN_MORE_TABLES,
    ...NORDIC_TABLES,
    ...CJK_TABLES,
    ...OTHER_TABLES,
    ...LATVIAN_UZBEK_TABLES,
  }).map(([code, table]) => [code.toLowerCase(), joined(code, table)]),
);

/** Mintlify's language codes that are not BCP 47 tags, as `<html lang>` should read them. */
const HTML_LANG: Readonly<Record<string, string>> = { cn: 'zh-CN', jp: 'ja' };

/** The `<html lang>` of a page in language `code` (a docs.json language code). */
export function htmlLang(code: string): string {
  return HTML_LANG[code.toLowerCase()] ?? code;
}

/**
 * Languages written right to left (Mintlify accepts `ar` and `he`; the others are here so that a project
 * that names one is not drawn backwards): by base language, so `ar-EG` or `he-IL` is too.
 */
const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(['ar', 'he', 'iw', 'fa', 'ur', 'ps', 'yi', 'ckb', 'dv', 'sd', 'ug']);

/** `'rtl'` for a language written right to left (the page's `<html dir>`), else undefined (left to right, the default). */
export function textDirection(code: string | null | undefined): 'rtl' | undefined {
  const base = (code ?? '').trim().toLowerCase().split('-')[0] ?? '';
  return RIGHT_TO_LEFT.has(base) ? 'rtl' : undefined;
}

/** Codes whose script, not region, picks the table (Chinese: simplified or traditional characters). */
const ALIASES: Readonly<Record<string, string>> = {
  cn: 'zh-hans',
  zh: 'zh-hans',
  'zh-cn': 'zh-hans',
  'zh-sg': 'zh-hans',
  'zh-tw': 'zh-hant',
  'zh-hk': 'zh-hant',
  'zh-mo': 'zh-hant',
  jp: 'ja',
};

/**
 * The table language `code` (`fr`, `pt-BR`, `zh-Hant`, `jp`...) reads, lower case: its own, else its base
 * language's; undefined when the theme has neither (English). Shared with the body's tables (body.ts).
 */
export function tableCode(code: string | null | undefined): string | undefined {
  const lower = (code ?? '').trim().toLowerCase();
  const base = lower.split('-')[0] ?? '';
  return [ALIASES[lower] ?? lower, ALIASES[base] ?? base].find((key) => TABLES.has(key));
}

/** The interface text for language `code`: its table, else its base language's, else English. */
export function uiText(code: string | null | undefined): UiText {
  const key = tableCode(code);
  return (key === undefined ? undefined : TABLES.get(key)) ?? EN;
}

/** `template` with each `{name}` replaced by `values[name]`. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
