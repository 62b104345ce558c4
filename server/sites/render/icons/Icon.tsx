/** The `<Icon>` component and the icon slot every other component uses. */
import { isValidElement, type ReactNode } from 'react';
import { isRemoteUrl, useRenderState } from '../runtime/state.js';
import { color, cx, num, str, type MdxProps } from '../components/util.js';
import { MissingMedia, RemoteMedia } from '../components/remoteMedia.js';
import { cdnIconDataUrl } from './cdnIcons.js';
import type { IconLibrary } from '../types.js';
import { iconSvg, isIconPath } from './icons.js';

/** Props of {@link IconSlot}. */
export interface IconSlotProps {
  /** A library name, a URL / project path, or inline JSX (`icon={<svg …/>}`). */
  readonly icon: unknown;
  readonly iconType?: unknown;
  readonly size?: number | undefined;
  readonly color?: string | undefined;
  readonly className?: string | undefined;
  /** Mintlify's `data-component-part` of the icon in its component (a card's `card-icon`). */
  readonly part?: string | undefined;
}

/**
 * `<span class="op-icon" data-icon="name">svg</span>`, `<img class="op-icon">` for paths, or nothing
 * for an unknown name (recorded as a warning, never an error). Each carries Mintlify's class `icon`, as
 * its Icon does, for projects' stylesheets.
 */
export function IconSlot(props: IconSlotProps): ReactNode {
  const state = useRenderState();
  const style = {
    ...(props.size ? { width: `${props.size}px`, height: `${props.size}px` } : {}),
    ...(props.color ? { color: props.color } : {}),
  };
  if (isValidElement(props.icon)) {
    return (
      <span className={cx('op-icon', 'icon', props.className)} style={style} data-component-part={props.part}>
        {props.icon}
      </span>
    );
  }
  const icon = str(props.icon)?.trim();
  if (!icon) return null;
  if (isIconPath(icon)) {
    // One of Mintlify's icon CDN is drawn from the installed sets (cdnIcons.ts): nothing remote to fetch.
    const src = cdnIconDataUrl(icon) ?? state.media(icon);
    const shown = isRemoteUrl(src) ? 'remote' : state.isMissing(src) ? 'missing' : 'file';
    if (shown !== 'file') {
      // A remote icon with no packed copy (or a missing file) is not asked for, but keeps its place with the
      // "no image" mark, as an `icon={<img>}` does: a card's title stays under it, where Mintlify draws it.
      return (
        <span className={cx('op-icon', 'icon', props.className)} style={style} data-component-part={props.part}>
          {shown === 'remote' ? (
            <RemoteMedia kind="image" url={src ?? icon} label={undefined} className={undefined} />
          ) : (
            <MissingMedia kind="image" url={src ?? icon} label={undefined} className={undefined} />
          )}
        </span>
      );
    }
    return (
      <img
        className={cx('op-icon', 'op-icon-img', 'icon', props.className)}
        src={src}
        alt=""
        loading="lazy"
        style={style}
        data-component-part={props.part}
      />
    );
  }
  const svg = iconSvg(icon, state.iconLibrary, str(props.iconType));
  if (!svg) {
    state.warnings.push(`unknown icon "${icon}"`);
    return null;
  }
  return (
    <span
      className={cx('op-icon', 'icon', props.className)}
      data-icon={icon}
      data-component-part={props.part}
      style={style}
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}

/**
 * Whether {@link IconSlot} draws something for `icon`: inline JSX, a path or URL (a file, or its "no image"
 * mark), or a name the icon library knows. A component with a fallback of its own (a Step's number) shows
 * that instead of an empty place.
 */
export function drawsIcon(icon: unknown, library: IconLibrary, iconType: unknown): boolean {
  if (isValidElement(icon)) return true;
  const name = str(icon)?.trim();
  if (!name) return false;
  return isIconPath(name) || iconSvg(name, library, str(iconType)) !== null;
}

/** An `<Icon>` with no `size` is 16px whatever the text around it, as Mintlify's Icon. */
const ICON_SIZE = 16;

/**
 * `<Icon icon="rocket" iconType="solid" size={24} color="#f00" />` (also `src=`). Unsized it is 16px and,
 * uncoloured, dark gray (light in the dark theme; CSS), as Mintlify draws it.
 */
export function Icon(props: MdxProps): ReactNode {
  return (
    <IconSlot
      icon={props['icon'] ?? props['src']}
      iconType={props['iconType']}
      size={num(props['size'], 0) || ICON_SIZE}
      color={color(props['color'])}
      className={cx('op-icon-inline', str(props['className']))}
    />
  );
}
