/**
 * Placeholders for media an offline page cannot show: images, videos and embeds hosted elsewhere, and
 * project media that is missing. Each says what it stands in for and, for videos and embeds, where it lives.
 */
import type { ReactNode } from 'react';
import { iconSvg } from '../icons/icons.js';
import { styleEntries } from '../style.js';
import { cx, str, type MdxProps } from './util.js';

/** What a placeholder stands in for. */
export type RemoteKind = 'image' | 'video' | 'embed';

const REMOTE_SVG: Readonly<Record<RemoteKind, string>> = {
  image: iconSvg('image-off', 'lucide') ?? '',
  video: iconSvg('video-off', 'lucide') ?? '',
  embed: iconSvg('globe', 'lucide') ?? '',
};

/**
 * What a placeholder shows, and the classes of the element it stands in for: a light/dark pair of
 * images (`dark:hidden`, `hidden dark:block`) must stay one placeholder per mode, not two.
 */
interface PlaceholderProps {
  readonly url: string;
  readonly label: string | undefined;
  readonly className: string | undefined;
}

/** Tailwind's display utilities: what decides, per mode or screen size, whether an image shows at all. */
const DISPLAY_UTILITY = /^(hidden|block|inline|inline-block|flex|inline-flex|grid|contents)$/;

/** The class names an element was written with: `className` in MDX, `class` in raw HTML. */
function writtenClasses(props: MdxProps): string | undefined {
  return str(props['className']) ?? str(props['class']);
}

/**
 * The display classes an element was written with, with their variants (`dark:hidden`, `md:block`).
 * Sizes are left out: an image placeholder 600px tall says nothing more.
 */
export function classesOf(props: MdxProps): string | undefined {
  const kept = (writtenClasses(props) ?? '').split(/\s+/).filter((name) => {
    return DISPLAY_UTILITY.test(name.slice(name.lastIndexOf(':') + 1));
  });
  return kept.length === 0 ? undefined : kept.join(' ');
}

/** Utilities and declarations that size or place an element: what makes a player's box. */
const SIZE_UTILITY = /^-?(w|h|size|aspect|min-w|min-h|max-w|max-h|absolute|inset|top|left)(-|$)/;
const SIZE_STYLE = new Set(['width', 'height', 'aspectRatio', 'position', 'inset', 'top', 'left', 'minHeight']);

/** A `width="560"` / `height="315"` attribute as CSS: bare numbers are pixels. */
function lengthOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return `${value}px`;
  const text = str(value)?.trim();
  if (text === undefined || text === '') return undefined;
  return /^\d+(\.\d+)?$/.test(text) ? `${text}px` : text;
}

/** The element's `style`, written as CSS text or as a JSX object, as React style entries. */
function styleOf(props: MdxProps): Record<string, string | number> {
  const style = props['style'];
  if (typeof style === 'string') return Object.fromEntries(styleEntries(style));
  if (style === null || typeof style !== 'object' || Array.isArray(style)) return {};
  const entries = Object.entries(style).filter((entry): entry is [string, string | number] => {
    return typeof entry[1] === 'string' || typeof entry[1] === 'number';
  });
  return Object.fromEntries(entries);
}

/**
 * The box a video or embed was given (its classes, style and `width`/`height`), or undefined when it was
 * given none. Authors fit players into 16:9 boxes (`aspect-video`, `h-full` in a sized wrapper, an absolute
 * iframe over a padded one), so a placeholder that drops that box leaves an empty frame where the player was.
 */
export function playerBox(
  props: MdxProps,
): { className: string | undefined; style: Record<string, string | number> } | undefined {
  const className = writtenClasses(props);
  const style = styleOf(props);
  const width = lengthOf(props['width']);
  const height = lengthOf(props['height']);
  if (width !== undefined && style['width'] === undefined) style['width'] = width;
  if (height !== undefined && style['height'] === undefined) style['height'] = height;
  const sizedByClass = (className ?? '').split(/\s+/).some((name) => {
    return SIZE_UTILITY.test(name.slice(name.lastIndexOf(':') + 1));
  });
  const sizedByStyle = Object.keys(style).some((name) => SIZE_STYLE.has(name));
  return sizedByClass || sizedByStyle ? { className, style } : undefined;
}

/**
 * Stands in for an image, video or embed hosted elsewhere: offline it cannot load, and the page's
 * self-only CSP would block it with a console error anyway. Shows its label and where it lives (text
 * marked `data-op-unindexed`: a page's search text is the same whether its media loads or not); videos
 * and embeds link there for readers who do have a network. A `span`, as images sit inside paragraphs
 * and links (an image inside a link gets no link of its own). A player given a box (`box`) keeps it,
 * its label centred in it, so the page keeps the layout its author made.
 */
export function RemoteMedia(
  props: PlaceholderProps & { kind: RemoteKind; box?: ReturnType<typeof playerBox> },
): ReactNode {
  const { kind, url, box } = props;
  let host = url;
  try {
    host = new URL(url, 'https://remote.invalid').host;
  } catch {
    // Keep the URL as written.
  }
  const label =
    props.label || (kind === 'image' ? `Image from ${host}` : `${kind === 'video' ? 'Video' : 'Content'} from ${host}`);
  const sized: Record<string, unknown> = box === undefined ? {} : { style: box.style };
  return (
    <span
      className={cx(
        `op-remote-media op-remote-${kind}`,
        box && 'op-remote-boxed',
        box ? box.className : props.className,
      )}
      data-op-remote-src={url}
      title={url}
      {...sized}
    >
      <span className="op-remote-icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: REMOTE_SVG[kind] }} />
      <span className="op-remote-label" data-op-unindexed="">
        {label}
      </span>
      {kind === 'image' ? null : (
        <a className="op-remote-link" href={url} target="_blank" rel="noreferrer" data-op-unindexed="">
          {host}
        </a>
      )}
    </span>
  );
}

/** A remote video or embed's placeholder: its `title` as the label, in the box its author gave the player. */
export function remotePlayer(kind: 'video' | 'embed', url: string, props: MdxProps): ReactNode {
  return (
    <RemoteMedia
      kind={kind}
      url={url}
      label={str(props['title'])}
      className={classesOf(props)}
      box={playerBox(props)}
    />
  );
}

/**
 * Stands in for an image or video the project does not hold (the import report lists it as a missing
 * asset): asking for it would only log a 404 console error on every page that shows it.
 */
export function MissingMedia(props: PlaceholderProps & { kind: 'image' | 'video' }): ReactNode {
  const label = props.label || `${props.kind === 'image' ? 'Image' : 'Video'} not found: ${props.url}`;
  return (
    <span
      className={cx(`op-remote-media op-missing-media op-remote-${props.kind}`, props.className)}
      data-op-missing-src={props.url}
    >
      <span
        className="op-remote-icon"
        aria-hidden="true"
        dangerouslySetInnerHTML={{ __html: REMOTE_SVG[props.kind] }}
      />
      <span className="op-remote-label" data-op-unindexed="">
        {label}
      </span>
    </span>
  );
}
