/**
 * HTML elements we render ourselves, from Markdown and from JSX alike: headings (anchor ids + TOC),
 * `<Heading>`, images (zoom, asset tracking), video/source, links and tables; and the elements content
 * may not have at all (`<script>`, `<meta http-equiv>`, `<base>`), which render as nothing.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { iconSvg } from '../icons/icons.js';
import { cdnIconDataUrl } from '../icons/cdnIcons.js';
import { styleEntries } from '../style.js';
import { isRemoteUrl, useRenderState, useTocDepth, type RenderState } from '../runtime/state.js';
import { bool, cx, num, str, textOf, type MdxProps } from './util.js';
import { MissingMedia, RemoteMedia, classesOf, remotePlayer } from './remoteMedia.js';

const LINK_SVG = iconSvg('link', 'lucide') ?? '';
const isRemote = isRemoteUrl;

/**
 * An image's source: one of Mintlify's icon CDN as the installed icon (cdnIcons.ts), which the page needs
 * nothing remote for; any other as the render state resolves it.
 */
function imageSource(state: RenderState, src: unknown): string | undefined {
  return (typeof src === 'string' ? cdnIconDataUrl(src.trim()) : null) ?? state.media(src);
}

/** Props that are ours, not HTML attributes: never passed on to the DOM element. */
const OWN_PROPS = new Set(['noAnchor', 'noZoom', 'actions', 'actionsPlacement', 'level', 'children']);

/** Attributes that would run code or stand in for a whole document: never passed on from content. */
const ACTIVE_PROP = /^(on.+|srcdoc|dangerouslysetinnerhtml)$/i;

/**
 * The remaining props, with a CSS-text `style` turned into an object (React rejects strings). Event
 * handlers, `srcdoc` and raw HTML are dropped: content runs no code of its own.
 */
function domProps(props: MdxProps): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (OWN_PROPS.has(key) || ACTIVE_PROP.test(key)) continue;
    if (key === 'style' && typeof value === 'string') out[key] = Object.fromEntries(styleEntries(value));
    else if (key === 'class') out['className'] = value;
    else out[key] = value;
  }
  return out;
}

type Level = 1 | 2 | 3 | 4 | 5 | 6;

/**
 * Whether what renders sits inside a link. A heading there gets no anchor link of its own: an <a> in an
 * <a> is split in two by the browser's parser, spilling the rest of the outer link's content out of it.
 */
const InsideLink = createContext(false);

/** Renders `children` as the content of a link (see InsideLink). */
export function LinkContent(props: { children?: ReactNode }): ReactNode {
  return <InsideLink.Provider value={true}>{props.children}</InsideLink.Provider>;
}

function HeadingView(props: { level: Level; source: MdxProps }): ReactNode {
  const state = useRenderState();
  const { level, source } = props;
  const text = textOf(source.children);
  // A visually hidden heading (`sr-only`, as remark-gfm labels the footnotes "Footnotes") is for screen
  // readers: Mintlify's contents list only the page's own headings, never that label.
  const hidden = /(?:^|\s)sr-only(?:\s|$)/.test(str(source['className']) ?? '');
  // Mintlify's contents list h1-h3, an h1 on the top level with h2 (its TOC's `level <= 2` top layer).
  const toc = useTocDepth(level <= 3 && !hidden ? Math.max(level, 2) : null);
  const anchor = state.anchor(text, str(source['id']) ?? null, toc);
  const insideLink = useContext(InsideLink);
  const noAnchor = insideLink || bool(source['noAnchor']);
  const Tag = `h${level}` as const;
  return (
    <Tag
      {...domProps(source)}
      id={anchor}
      data-op-alias={state.aliasOf(anchor)}
      className={cx('op-heading', str(source['className']))}
    >
      {noAnchor ? null : (
        <a
          className="op-heading-anchor"
          href={`#${anchor}`}
          aria-label="Link to this section"
          dangerouslySetInnerHTML={{ __html: LINK_SVG }}
        />
      )}
      {source.children}
    </Tag>
  );
}

function headingOf(level: Level): (props: MdxProps) => ReactNode {
  const component = (props: MdxProps): ReactNode => <HeadingView level={level} source={props} />;
  component.displayName = `H${level}`;
  return component;
}

/** Markdown / JSX headings h1–h6. */
export const headings = {
  h1: headingOf(1),
  h2: headingOf(2),
  h3: headingOf(3),
  h4: headingOf(4),
  h5: headingOf(5),
  h6: headingOf(6),
};

/** `<Heading level={2} noAnchor id>` */
export function Heading(props: MdxProps): ReactNode {
  const level = Math.min(6, Math.max(1, Math.round(num(props['level'], 2)))) as Level;
  return <HeadingView level={level} source={props} />;
}

/** `<img src alt noZoom actions actionsPlacement ...>` and Markdown images. Zoomable unless `noZoom`. */
export function Img(props: MdxProps): ReactNode {
  const state = useRenderState();
  const actions = props['actions'] === true ? 'copy,download' : str(props['actions']);
  const src = imageSource(state, props['src']);
  if (isRemote(src))
    return <RemoteMedia kind="image" url={src} label={str(props['alt'])} className={classesOf(props)} />;
  if (state.isMissing(src))
    return <MissingMedia kind="image" url={src} label={str(props['alt'])} className={classesOf(props)} />;
  return (
    <img
      {...domProps(props)}
      src={src}
      alt={str(props['alt']) ?? ''}
      loading="lazy"
      data-op-zoom={bool(props['noZoom']) ? undefined : ''}
      data-op-actions={actions || undefined}
      data-op-actions-placement={actions ? (str(props['actionsPlacement']) ?? 'bottom-center') : undefined}
    />
  );
}

/**
 * `<img>` drawn by a project component: a remote image is its packed copy or the placeholder, a missing
 * file the missing-image box, as for the page's own images; a project file stays the plain image the
 * component wrote, without the zoom Mintlify gives the page's images only.
 */
export function ComponentImg(props: MdxProps): ReactNode {
  const state = useRenderState();
  const src = imageSource(state, props['src']);
  if (isRemote(src) || state.isMissing(src)) return <Img {...props} />;
  return <img {...domProps(props)} src={src} />;
}

/** `<video>`: autoplaying videos also get `muted loop playsInline` (as Mintlify's Frame does). */
export function Video(props: MdxProps): ReactNode {
  const state = useRenderState();
  const auto = bool(props['autoPlay']);
  const src = props['src'] === undefined ? undefined : state.media(props['src']);
  if (isRemote(src)) return remotePlayer('video', src, props);
  if (state.isMissing(src))
    return <MissingMedia kind="video" url={src} label={str(props['title'])} className={classesOf(props)} />;
  // A poster with no packed copy is left out: the video still plays, and nothing asks the network.
  const poster = state.media(props['poster']);
  return (
    <video
      {...domProps(props)}
      src={src}
      poster={isRemote(poster) || state.isMissing(poster) ? undefined : poster}
      {...(auto ? { muted: true, loop: true, playsInline: true, autoPlay: true } : {})}
    >
      {props.children}
    </video>
  );
}

/**
 * `<iframe>`: a remote embed (YouTube, Loom, ...) becomes a link; a project page or file is kept. A
 * `srcdoc` (a document written inline, scripts and all) is dropped with a warning.
 */
export function Iframe(props: MdxProps): ReactNode {
  const state = useRenderState();
  if (props['srcdoc'] !== undefined || props['srcDoc'] !== undefined) {
    state.warnings.push('<iframe srcdoc> was dropped: content cannot write documents of its own');
  }
  const src = str(props['src']);
  const url = src === undefined ? undefined : state.resolveUrl(src);
  if (isRemote(url)) {
    state.remoteEmbeds.add(url);
    return remotePlayer('embed', url, props);
  }
  return <iframe {...domProps(props)} src={url} />;
}

/** `<source src>` inside video/audio/picture; a remote one with no packed copy renders as nothing. */
export function Source(props: MdxProps): ReactNode {
  const state = useRenderState();
  const src = state.media(props['src']);
  if (isRemote(src) || state.isMissing(src)) return null;
  return <source {...domProps(props)} src={src} />;
}

const FILE_LINK = /\.(pdf|zip|tar|gz|tgz|csv|txt|json|ya?ml|xml|png|jpe?g|gif|webp|svg|mp4|webm|mp3|wav)$/i;

/** Links: page-relative targets become root-relative; links to project files are recorded as assets. */
export function Link(props: MdxProps): ReactNode {
  const state = useRenderState();
  const href = str(props['href']);
  let url = href;
  if (href !== undefined) {
    const path = href.split(/[?#]/)[0] ?? '';
    url = FILE_LINK.test(path) ? state.asset(href) : state.resolveUrl(href);
  }
  const external = url !== undefined && /^https?:\/\//i.test(url);
  return (
    <a {...domProps(props)} href={url} {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}>
      <LinkContent>{props.children}</LinkContent>
    </a>
  );
}

/** Tables scroll horizontally inside `.op-table` on narrow screens. */
export function Table(props: MdxProps): ReactNode {
  return (
    <div className="op-table">
      <table {...domProps(props)}>{props.children}</table>
    </div>
  );
}

/**
 * `<script>` in content renders as nothing, whatever it holds or loads: project scripts run only when
 * the `allowedScripts` setting names them, and then every page loads them from its head.
 */
export function Script(props: MdxProps): ReactNode {
  const src = str(props['src']);
  useRenderState().warnings.push(
    src === undefined
      ? '<script> in content was dropped: pages run no inline code'
      : `<script src="${src}"> in content was dropped: name the file in the allowedScripts setting instead`,
  );
  return null;
}

/**
 * `<meta>` in content: `http-equiv` ones (a refresh that sends readers away, a policy of their own) render
 * as nothing; others are kept.
 */
export function Meta(props: MdxProps): ReactNode {
  const equiv = str(props['httpEquiv']) ?? str(props['http-equiv']);
  if (equiv === undefined) return <meta {...domProps(props)} />;
  useRenderState().warnings.push(`<meta http-equiv="${equiv}"> in content was dropped`);
  return null;
}

/** `<base>` in content renders as nothing: it would re-point every relative link of the page. */
export function Base(): ReactNode {
  useRenderState().warnings.push('<base> in content was dropped');
  return null;
}
