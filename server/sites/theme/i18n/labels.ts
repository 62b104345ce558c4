/**
 * The theme's accessible names and small in-body labels, kept apart from the rest of its interface text
 * (text.ts) so that each file of tables stays short; index.ts joins the two per language.
 */

/** Landmarks, banner, switchers and the labels of buttons the page body carries. */
export interface UiLabels {
  /** The sidebar (`<aside>`) and the list of pages inside it. */
  readonly navigationLabel: string;
  readonly pagesLabel: string;
  /** The navbar's links and the tab bar. */
  readonly linksLabel: string;
  readonly sectionsLabel: string;
  /** The banner's region and its close button. */
  readonly announcement: string;
  readonly dismissBanner: string;
  /** The menus that switch language, version, product, or another division of the navigation. */
  readonly switchLanguage: string;
  readonly switchVersion: string;
  readonly switchProduct: string;
  readonly switchSection: string;
  /** The link before each heading. */
  readonly linkToSection: string;
  /** A code block's buttons. */
  readonly codeFeedback: string;
  readonly copyCode: string;
  /** A `<Prompt>`'s copy button. */
  readonly copyPrompt: string;
  /** A zoomed image without alt text. */
  readonly image: string;
  /** The pickers of a request sample's example and of a code group's language. */
  readonly requestExample: string;
  readonly language: string;
  /** A changelog's RSS link and a deprecated page's badge. */
  readonly rssFeed: string;
  readonly deprecated: string;
}

/** English: the fallback of every other table. */
export const EN_LABELS: UiLabels = {
  navigationLabel: 'Navigation',
  pagesLabel: 'Pages',
  linksLabel: 'Links',
  sectionsLabel: 'Sections',
  announcement: 'Announcement',
  dismissBanner: 'Dismiss banner',
  switchLanguage: 'Switch language',
  switchVersion: 'Switch version',
  switchProduct: 'Switch product',
  switchSection: 'Switch section',
  linkToSection: 'Link to this section',
  codeFeedback: 'Give feedback on this code',
  copyCode: 'Copy code',
  copyPrompt: 'Copy prompt',
  image: 'Image',
  requestExample: 'Request example',
  language: 'Language',
  rssFeed: 'RSS feed',
  deprecated: 'Deprecated',
};
