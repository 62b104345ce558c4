/**
 * Code blocks and tab strips for endpoint pages, in the markup of server/sites/render (DOM.md): the same
 * copy / feedback buttons and the same `data-op-tabs` strip, so the client treats them alike.
 */
import { highlightBlocks, plainCodeHtml } from '../../render/code/highlight.js';
import { iconSvg } from '../../render/icons/icons.js';
import { attrs, esc } from '../html.js';
import { EN } from '../i18n/index.js';

/** A block of code an endpoint page writes (a request sample, a response example). */
export interface EndpointCode {
  readonly code: string;
  readonly lang: string;
}

/**
 * Highlights the blocks of an endpoint page: the `<pre>` HTML of each, in order. The server passes its
 * render sandbox's (sandbox/page.ts), so that a grammar's first load never holds its event loop.
 */
export type CodeHighlighter = (blocks: readonly EndpointCode[]) => Promise<string[]>;

/** Highlights in this process (tests and tools, which have no event loop to keep free). */
export const highlightHere: CodeHighlighter = highlightBlocks;

/** Leaves the code unhighlighted: for a page read only for its search text, or when highlighting failed. */
export const plainCode: CodeHighlighter = (blocks) => Promise.resolve(blocks.map((block) => plainCodeHtml(block.code)));

/** One code block (no title bar: inside a tab strip the tab is the title); `pre`: its highlighted HTML. */
export function codeBlock(pre: string, lang: string, filename?: string): string {
  const copy = iconSvg('copy', 'lucide') ?? '';
  const feedback = iconSvg('message-square', 'lucide') ?? '';
  return (
    `<div${attrs({ class: 'op-code', 'data-op-code': '', 'data-lang': lang || 'text', 'data-filename': filename })}>` +
    `<div class="op-code-header op-code-header-bare" data-component-part="code-block-header"><div class="op-code-actions">` +
    `<button${attrs({ type: 'button', class: 'op-code-feedback', 'data-op-code-feedback': '', 'data-filename': filename, 'data-lang': lang || 'text', 'aria-label': EN.codeFeedback, title: EN.codeFeedback })}>${feedback}</button>` +
    // In English, as the MDX bodies' code blocks: the shell writes them in the page's language (bodyLabels.ts).
    `<button type="button" class="op-code-copy" data-op-copy="" aria-label="${EN.copyCode}" title="${EN.copy}">${copy}</button>` +
    `</div></div><div class="op-code-body code-block-background" data-component-part="code-block-root">${pre}</div></div>`
  );
}

/** A tab in {@link tabStrip}. */
export interface StripTab {
  readonly label: string;
  readonly html: string;
  /**
   * The response status the tab shows (DOM.md `data-op-status`): a response example's tab and the Response
   * section's status tab share it, so choosing one shows the other whatever their labels.
   */
  readonly status?: string;
}

/** Options of a {@link tabStrip}. */
export interface StripOptions {
  /** A request or response example, which the client moves to the right column. */
  readonly example?: 'request' | 'response';
  /** false: a tab chosen here selects nothing in the page's other strips (DOM.md `data-sync`). */
  readonly sync?: boolean;
  /** The named request example this strip shows, one of several the reader picks among (DOM.md). */
  readonly exampleName?: string;
  /** Hidden until picked (another named example's strip). */
  readonly hidden?: boolean;
}

/** A tab strip (`op-tabs` with `data-op-tabs`), e.g. request samples by language. */
export function tabStrip(
  idPrefix: string,
  tabs: readonly StripTab[],
  className: string,
  options: StripOptions = {},
): string {
  if (tabs.length === 0) return '';
  const buttons = tabs
    .map(
      (tab, i) =>
        `<button${attrs({ type: 'button', role: 'tab', class: 'op-tab', id: `${idPrefix}-${i}-tab`, 'aria-selected': i === 0 ? 'true' : 'false', 'aria-controls': `${idPrefix}-${i}`, tabindex: i === 0 ? 0 : -1, 'data-op-tab': tab.label, 'data-op-status': tab.status })}>` +
        `<div class="op-tab-inner"><span class="op-tab-label">${esc(tab.label)}</span></div></button>`,
    )
    .join('');
  const panels = tabs
    .map(
      (tab, i) =>
        `<div${attrs({ class: 'op-tab-panel', role: 'tabpanel', id: `${idPrefix}-${i}`, 'aria-labelledby': `${idPrefix}-${i}-tab`, 'data-op-tab-panel': tab.label, hidden: i !== 0 })}>${tab.html}</div>`,
    )
    .join('');
  return (
    `<div${attrs({ class: `op-tabs ${className}`, 'data-op-tabs': '', 'data-sync': options.sync === false ? 'false' : undefined, 'data-op-example': options.example, 'data-op-example-name': options.exampleName, hidden: options.hidden === true })}>` +
    `<div${attrs({ class: 'op-tab-list', role: 'tablist', 'data-component-part': className.split(' ').includes('op-code-group') ? 'code-group-tab-bar' : undefined })}>${buttons}</div>${panels}</div>`
  );
}
