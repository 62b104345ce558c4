/** `<Badge>`: an inline label, as Mintlify's Badge draws it. */
import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { IconSlot } from '../icons/Icon.js';
import { useRenderState } from '../runtime/state.js';
import { linkProps } from './layout.js';
import { bool, cx, str, type MdxProps } from './util.js';

const BADGE_COLORS = new Set([
  'gray',
  'blue',
  'green',
  'yellow',
  'orange',
  'red',
  'purple',
  'white',
  'surface',
  'white-destructive',
  'surface-destructive',
]);

const BADGE_SIZES = new Set(['xs', 'sm', 'md', 'lg']);

/** The class list: colour, size and shape (unknown values fall back to Mintlify's defaults), then states. */
function badgeClass(props: MdxProps): string {
  const tone = str(props['color']) ?? 'gray';
  const size = str(props['size']) ?? 'md';
  // Mintlify's newer `variant="outline"` is what the older `stroke` flag asked for.
  const outline = str(props['variant']) === 'outline' || bool(props['stroke']);
  return cx(
    'op-badge',
    `op-badge-${BADGE_COLORS.has(tone) ? tone : 'gray'}`,
    `op-badge-${BADGE_SIZES.has(size) ? size : 'md'}`,
    `op-badge-${str(props['shape']) === 'pill' ? 'pill' : 'rounded'}`,
    outline && 'op-badge-stroke',
    bool(props['disabled']) && 'op-badge-disabled',
    str(props['className']),
  );
}

/**
 * Mintlify's badge attributes, which projects' stylesheets select badges by: `data-badge`, and its
 * `data-color`, `data-size`, `data-shape` and `data-variant` (as resolved for the classes).
 */
function badgeData(props: MdxProps): Record<string, string> {
  const tone = str(props['color']) ?? 'gray';
  const size = str(props['size']) ?? 'md';
  const outline = str(props['variant']) === 'outline' || bool(props['stroke']);
  return {
    'data-badge': '',
    'data-color': BADGE_COLORS.has(tone) ? tone : 'gray',
    'data-size': BADGE_SIZES.has(size) ? size : 'md',
    'data-shape': str(props['shape']) === 'pill' ? 'pill' : 'rounded',
    'data-variant': outline ? 'outline' : 'solid',
  };
}

/**
 * `<Badge color size shape variant stroke disabled href icon leadIcon tailIcon iconType className>`.
 * `icon` and `leadIcon` go before the text, `tailIcon` after it; with `href` (and not `disabled`) the
 * badge is a link, as in Mintlify's Badge.
 */
export function Badge(props: MdxProps): ReactNode {
  const state = useRenderState();
  const lead = props['leadIcon'] ?? props['icon'];
  const tail = props['tailIcon'];
  const content = (
    <>
      {lead ? <IconSlot icon={lead} iconType={props['iconType']} /> : null}
      {inlineContent(props.children)}
      {tail ? <IconSlot icon={tail} iconType={props['iconType']} /> : null}
    </>
  );
  const href = bool(props['disabled']) ? undefined : str(props['href']);
  if (href) {
    return (
      <a className={badgeClass(props)} {...badgeData(props)} {...linkProps(state, href)}>
        {content}
      </a>
    );
  }
  return (
    <span className={badgeClass(props)} {...badgeData(props)}>
      {content}
    </span>
  );
}

/**
 * Children with their paragraphs opened: text written on lines of its own inside an inline component
 * (`<Badge>` on a line, `Final` on the next, as Model Context Protocol's SEP pages do) reaches it as an
 * MDX paragraph, whose margins and block box do not belong in a badge (nor a `<p>` in a `<span>`).
 */
function inlineContent(children: ReactNode): ReactNode {
  return Children.map(children, (child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === 'p' ? (
      <Fragment key={child.key}>{child.props.children}</Fragment>
    ) : (
      child
    ),
  );
}
