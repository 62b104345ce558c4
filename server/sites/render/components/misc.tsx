/** Tooltip, Update, Prompt, View, Visibility. */
import type { ReactNode } from 'react';
import { PROMPT_SOURCE_PROP } from '../compile/promptSource.js';
import { IconSlot } from '../icons/Icon.js';
import { iconSvg } from '../icons/icons.js';
import { OutOfToc, useRenderState, useTocDepth } from '../runtime/state.js';
import { linkProps } from './layout.js';
import { asNode, str, strings, textOf, type MdxProps } from './util.js';

const CHEVRON_SVG = iconSvg('chevron-right', 'lucide') ?? '';

/**
 * `<Tooltip tip headline cta href>`: CSS shows `.op-tooltip-content` on hover/focus. `description` and
 * `title` (the names in Mintlify's component) stand for `tip` and `headline`. Like Mintlify's, the call to
 * action opens in a new tab, so the reader keeps the page they were reading, and ends in a chevron.
 */
export function Tooltip(props: MdxProps): ReactNode {
  const state = useRenderState();
  const headline = str(props['headline']) ?? str(props['title']);
  const cta = str(props['cta']);
  const href = str(props['href']);
  return (
    <span className="op-tooltip tooltip" data-op-tooltip="" tabIndex={0}>
      <span className="op-tooltip-trigger">{props.children}</span>
      <span className="op-tooltip-content" role="tooltip">
        {headline ? <strong className="op-tooltip-headline">{headline}</strong> : null}
        <span className="op-tooltip-tip">{asNode(props['tip'] ?? props['description'])}</span>
        {cta && href ? (
          <a className="op-tooltip-cta" {...linkProps(state, href)} target="_blank" rel="noreferrer">
            {cta}
            <span className="op-icon op-tooltip-cta-icon" dangerouslySetInnerHTML={{ __html: CHEVRON_SVG }} />
          </a>
        ) : null}
      </span>
    </span>
  );
}

/**
 * `<Update label description tags rss>`: a changelog entry; its label is an anchor and a TOC entry. The
 * side column is Mintlify's: label, then tags, then description, staying in view beside a long entry.
 */
export function Update(props: MdxProps): ReactNode {
  const state = useRenderState();
  const label = str(props['label']) ?? '';
  // Each tag once, trimmed, blanks dropped (Mintlify's rule): a repeated tag is not shown twice.
  const tags = [...new Set(strings(props['tags']).map((tag) => tag.trim()))].filter(Boolean);
  const anchor = state.anchor(label, str(props['id']) ?? null, useTocDepth(2));
  const description = asNode(props['description']);
  // `rss={{ title, description }}`: what the page's feed says of this entry instead of its label and description.
  const rss = props['rss'];
  const rssText = (key: string): string | undefined =>
    typeof rss === 'object' && rss !== null ? str(Reflect.get(rss, key)) : undefined;
  return (
    <div
      className="op-update update update-container"
      id={anchor}
      data-op-alias={state.aliasOf(anchor)}
      data-op-update=""
      data-tags={tags.join(',') || undefined}
      data-rss-title={rssText('title')}
      data-rss-description={rssText('description')}
    >
      <div className="op-update-meta">
        <a className="op-update-label" href={`#${anchor}`}>
          {label}
        </a>
        {tags.length > 0 ? (
          <div className="op-update-tags">
            {tags.map((tag) => (
              <span key={tag} className="op-update-tag">
                {tag}
              </span>
            ))}
          </div>
        ) : null}
        {description ? <div className="op-update-description">{description}</div> : null}
      </div>
      <div className="op-update-body">
        <OutOfToc>{props.children}</OutOfToc>
      </div>
    </div>
  );
}

const COPY_SVG = iconSvg('copy', 'lucide') ?? '';

/** `<Prompt description actions icon iconType>prompt text</Prompt>` with copy / "open in Cursor". */
export function Prompt(props: MdxProps): ReactNode {
  const actions = props['actions'] === undefined ? ['copy'] : strings(props['actions']);
  // As written (compile/promptSource.ts); the rendered text where the compile step gave none.
  const text = str(props[PROMPT_SOURCE_PROP]) ?? textOf(props.children).trim();
  return (
    <div className="op-prompt" data-op-prompt="" data-op-prompt-text={text}>
      <div className="op-prompt-head">
        {props['icon'] ? <IconSlot icon={props['icon']} iconType={props['iconType']} /> : null}
        <div className="op-prompt-description">{asNode(props['description'])}</div>
        <div className="op-prompt-actions">
          {actions.includes('copy') ? (
            <button type="button" className="op-prompt-copy" data-op-copy-prompt="" aria-label="Copy prompt">
              <span className="op-icon" dangerouslySetInnerHTML={{ __html: COPY_SVG }} />
              <span>Copy prompt</span>
            </button>
          ) : null}
          {actions.includes('cursor') ? (
            <a
              className="op-prompt-cursor"
              href={`cursor://anysphere.cursor-deeplink/prompt?text=${encodeURIComponent(text)}`}
            >
              Open in Cursor
            </a>
          ) : null}
        </div>
      </div>
      <div className="op-prompt-body">
        <OutOfToc>{props.children}</OutOfToc>
      </div>
    </div>
  );
}

/**
 * `<View title icon iconType>`: content for one choice of the page-level view selector. The client
 * builds the selector from `[data-op-view]` and shows the first view by default.
 */
export function View(props: MdxProps): ReactNode {
  const title = str(props['title']) ?? '';
  return (
    <div className="op-view multi-view-item" data-op-view={title} data-icon={str(props['icon'])}>
      {props.children}
    </div>
  );
}

/** `<Visibility for="humans|agents">`: on the site, human content is shown and agent content dropped. */
export function Visibility(props: MdxProps): ReactNode {
  return props['for'] === 'agents' ? null : <>{props.children}</>;
}
