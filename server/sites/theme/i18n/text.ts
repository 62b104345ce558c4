import type { UiLabels } from './labels.js';

/** The strings of the theme's interface, one table per language (i18n/index.ts); labels.ts holds the rest. */
export interface UiShellText {
  /** The table of contents' title. */
  readonly onThisPage: string;
  /** The search button's accessible name. */
  readonly search: string;
  /** The search box's placeholder (docs.json `search.prompt` wins). */
  readonly searchPlaceholder: string;
  /** The 404 page's search button. */
  readonly searchDocs: string;
  readonly searching: string;
  /** `{query}`: what the reader typed. */
  readonly noResults: string;
  /** The search dialog's footer: its keys. */
  readonly searchKeys: string;
  readonly helpful: string;
  readonly yes: string;
  readonly no: string;
  readonly anythingToAdd: string;
  /** The feedback form's prompt after a thumbs up... */
  readonly likeWhat: string;
  /** ...and after a thumbs down. */
  readonly improve: string;
  readonly commentPlaceholder: string;
  readonly emailLabel: string;
  readonly skip: string;
  readonly sendFeedback: string;
  readonly thanks: string;
  readonly previous: string;
  readonly next: string;
  /** Code blocks' copy button. */
  readonly copy: string;
  readonly copied: string;
  readonly copyPage: string;
  readonly copyPageDescription: string;
  readonly viewMarkdown: string;
  readonly viewMarkdownDescription: string;
  readonly skipToContent: string;
  /** `{date}`: the day, written in the language. */
  readonly lastModified: string;
  readonly notFoundTitle: string;
  readonly notFoundDescription: string;
  readonly goHome: string;
  readonly openNavigation: string;
  readonly closeNavigation: string;
  readonly toggleDark: string;
  /** A copy button's label when the browser refused to copy. */
  readonly copyFailed: string;
  /** The feedback widget, when a thumbs up or down could not be sent. */
  readonly voteFailed: string;
  /** The feedback forms (page, code block), when a comment could not be sent. */
  readonly feedbackFailed: string;
  /** An `expandable` code block's button, closed... */
  readonly expand: string;
  /** ...and open. */
  readonly collapse: string;
  /** The search dialog, when the index could not be loaded. */
  readonly searchUnavailable: string;
  /** A code block's feedback form: its prompt... */
  readonly codeFeedbackPrompt: string;
  /** ...and what it says once sent. */
  readonly codeFeedbackThanks: string;
  readonly cancel: string;
  readonly send: string;
  /** Accessible names: the Previous/Next links' landmark, the feedback widget, the page actions' menu button. */
  readonly paginationLabel: string;
  readonly feedbackLabel: string;
  readonly morePageActions: string;
  /** What an `assistant`-mode page says in place of Mintlify's AI assistant, which an offline copy has not. */
  readonly assistantUnavailable: string;
}

/** Every string of the theme's interface in one language: the shell's text and its labels. */
export type UiText = UiShellText & UiLabels;
