/** Card, CardGroup/Columns/Column, Tile, Panel, Frame. */
import { isValidElement, type CSSProperties, type ReactNode } from 'react';
import { IconSlot } from '../icons/Icon.js';
import { isRemoteUrl, useRenderState, type RenderState } from '../runtime/state.js';
import { calloutIconSvg, isCalloutKind } from './callouts.js';
import { LinkContent } from './html.js';
import { iconSvg } from '../icons/icons.js';
import { inlineMarkdown } from './inlineMarkdown.js';
import { asNode, bool, color, cx, num, str, textOf, type MdxProps } from './util.js';

/** Link attributes for an author-supplied href: relative paths made root-relative, external in a new tab. */
export function linkProps(state: RenderState, href: string): { href: string; target?: string; rel?: string } {
  const url = state.resolveUrl(href);
  return /^https?:\/\//i.test(url) ? { href: url, target: '_blank', rel: 'noreferrer' } : { href: url };
}

/**
 * `<Card title icon iconType color href horizontal img cta arrow type disabled>`, as Mintlify draws it: a
 * corner arrow when `arrow` says so or, unsaid, for an external link; the `cta` line with its own arrow; a
 * typed card (`type="warning"`) tinted as that callout, with its icon unless the card names one; a
 * disabled card links nowhere. Mintlify's class `card` and its parts' `data-component-part` are there for
 * projects' stylesheets. A linked card is not an `<a>` (its body may hold links); its title link is
 * stretched over the card by CSS (`.op-card-anchor`).
 */
export function Card(props: MdxProps): ReactNode {
  const state = useRenderState();
  // A title given as markup is drawn too (`title={<span><Icon icon="bolt" /> Real-time</span>}`), as Mintlify's is.
  const title = asNode(props['title']);
  const disabled = bool(props['disabled']);
  const href = disabled ? undefined : str(props['href']);
  // A remote image with no packed copy is left out: a card reads fine without it.
  const imgSrc = state.media(str(props['img']));
  const type = isCalloutKind(props['type']) ? props['type'] : undefined;
  // Mintlify draws whatever `cta` holds, markup too (Bun's `cta={<span>… <code>bun run</code></span>}`).
  const cta = asNode(props['cta']);
  const link = href ? linkProps(state, href) : null;
  const label = textOf(title).trim() || textOf(props.children).trim().slice(0, 80) || href;
  const arrow = props['arrow'] === undefined ? link?.target === '_blank' : bool(props['arrow']);
  const icon = props['icon'] ?? (type === undefined ? undefined : <Svg svg={calloutIconSvg(type)} />);
  // An author's inline SVG is drawn dark gray (light in dark mode; CSS) whatever `color` says, as
  // Mintlify's card draws a JSX icon: `color` tints named icons only.
  const ownSvg = isValidElement(props['icon']);
  return (
    <div
      className={cx(
        'op-card',
        'card',
        bool(props['horizontal']) && 'op-card-horizontal',
        link && 'op-card-linked',
        disabled && 'op-card-disabled',
        type !== undefined && `op-card-${type}`,
      )}
    >
      {imgSrc !== undefined && !isRemoteUrl(imgSrc) && !state.isMissing(imgSrc) ? (
        <img className="op-card-img" src={imgSrc} alt="" loading="lazy" data-component-part="card-image" />
      ) : null}
      {icon ? (
        <IconSlot
          icon={icon}
          iconType={props['iconType']}
          color={ownSvg ? undefined : color(props['color'])}
          className={cx('op-card-icon', ownSvg && 'op-card-icon-svg')}
          part="card-icon"
        />
      ) : null}
      <div className="op-card-text">
        {title ? (
          <div className="op-card-title" data-component-part="card-title">
            {link ? (
              <a className="op-card-anchor" {...link}>
                {title}
              </a>
            ) : (
              title
            )}
          </div>
        ) : link ? (
          <a className="op-card-anchor" {...link} aria-label={label} />
        ) : null}
        {props.children !== undefined ? (
          <div className="op-card-body" data-component-part="card-content">
            {props.children}
          </div>
        ) : null}
        {cta !== undefined && cta !== '' ? (
          <span className="op-card-cta" data-component-part="card-cta">
            {cta}
            <Svg svg={iconSvg('arrow-right', 'lucide') ?? ''} />
          </span>
        ) : null}
        {link && arrow ? (
          <span className="op-card-arrow" aria-hidden="true" data-component-part="card-arrow">
            <Svg svg={iconSvg('arrow-up-right', 'lucide') ?? ''} />
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** A shipped SVG icon, inline (the catalogue's own markup, never project text). */
function Svg({ svg }: { svg: string }): ReactNode {
  return <span className="op-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** `<Columns cols>` (and legacy `<CardGroup cols>`): a responsive grid of 1–4 columns. */
export function Columns(props: MdxProps): ReactNode {
  const cols = Math.min(4, Math.max(1, Math.round(num(props['cols'], 2))));
  return (
    <div className="op-columns card-group" data-cols={cols} style={{ '--op-cols': cols } as CSSProperties}>
      {props.children}
    </div>
  );
}

/** `<CardGroup>`: legacy alias of Columns. */
export const CardGroup = Columns;

/** `<Column>`: one cell of Columns holding arbitrary Markdown. */
export function Column(props: MdxProps): ReactNode {
  return <div className="op-column">{props.children}</div>;
}

/**
 * `<Tile href title description>` with a preview (children) on a patterned background, as Mintlify's Tile:
 * title and description centred under the preview, each cut to one line with its full text on hover.
 */
export function Tile(props: MdxProps): ReactNode {
  const state = useRenderState();
  const href = str(props['href']);
  const title = str(props['title']);
  const description = str(props['description']);
  const body = (
    <>
      <div className="op-tile-preview">{props.children}</div>
      {title || description ? (
        <div className="op-tile-text">
          {title ? (
            <div className="op-tile-title" title={title}>
              {title}
            </div>
          ) : null}
          {description ? (
            <div className="op-tile-description" title={description}>
              {description}
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
  return href ? (
    <a className="op-tile tile" {...linkProps(state, href)}>
      <LinkContent>{body}</LinkContent>
    </a>
  ) : (
    <div className="op-tile tile">{body}</div>
  );
}

/** `<Panel>`: content for the right-hand column (the theme moves `[data-op-panel]` there). */
export function Panel(props: MdxProps): ReactNode {
  return (
    <aside className="op-panel panel" data-op-panel="">
      {props.children}
    </aside>
  );
}

/** The pointing hand before a Frame's hint (Mintlify draws one there). */
const HINT_SVG = iconSvg('pointer', 'lucide') ?? '';

/**
 * `<Frame caption hint>` around images, videos and iframes; a caption written as a string may use inline
 * Markdown. The hint is a line above the box, led by a pointing hand, as in Mintlify's Frame.
 */
export function Frame(props: MdxProps): ReactNode {
  const written = props['caption'];
  const caption = typeof written === 'string' ? inlineMarkdown(written) : asNode(written);
  const hint = asNode(props['hint']);
  return (
    <>
      {hint ? (
        <div className="op-frame-hint">
          <span className="op-icon op-frame-hint-icon" dangerouslySetInnerHTML={{ __html: HINT_SVG }} />
          <span>{hint}</span>
        </div>
      ) : null}
      <figure className="op-frame frame">
        <div className="op-frame-content">{props.children}</div>
        {caption ? <figcaption className="op-frame-caption">{caption}</figcaption> : null}
      </figure>
    </>
  );
}

/**
 * `<GitHub.Repo repo="owner/name" variant>`: Mintlify fetches stars and forks from GitHub at page load;
 * offline we show a plain link card to the repository instead.
 */
function GitHubRepo(props: MdxProps): ReactNode {
  const repo = (str(props['repo']) ?? '').replace(/^https?:\/\/github\.com\//i, '').replace(/\/$/, '');
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo)) return null;
  return (
    <a
      className={cx('op-github-repo', `op-github-repo-${str(props['variant']) === 'flat' ? 'flat' : 'inset'}`)}
      href={`https://github.com/${repo}`}
      target="_blank"
      rel="noreferrer"
    >
      <IconSlot icon="github" iconType="brands" />
      <span className="op-github-repo-name">{repo}</span>
    </a>
  );
}

/** `GitHub.Repo` (the `GitHub` namespace itself renders its children). */
export const GitHub = Object.assign((props: MdxProps): ReactNode => <>{props.children}</>, { Repo: GitHubRepo });
