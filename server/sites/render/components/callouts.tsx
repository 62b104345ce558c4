/** Callouts: Note, Info, Tip, Warning, Check, Danger and the generic Callout. */
import type { CSSProperties, ReactNode } from 'react';
import { IconSlot } from '../icons/Icon.js';
import { iconSvg } from '../icons/icons.js';
import { asNode, color, type MdxProps } from './util.js';

/**
 * The preset kinds and the Lucide icon each one shows: the glyphs of Mintlify's icons/index.tsx, where a
 * Note is a circled "!", an Info a circled "i" and a Check a bare tick.
 */
const KINDS = {
  note: 'circle-alert',
  info: 'info',
  tip: 'lightbulb',
  warning: 'triangle-alert',
  check: 'check',
  danger: 'octagon-alert',
} as const;

/** One of the preset callout kinds (also used by `<Card type>`). */
export type CalloutKind = keyof typeof KINDS;

/** True when `value` names a preset callout kind. */
export function isCalloutKind(value: unknown): value is CalloutKind {
  return typeof value === 'string' && Object.hasOwn(KINDS, value);
}

/** The SVG of a preset kind's icon (a `<Card type>` without its own icon shows it too). */
export function calloutIconSvg(kind: CalloutKind): string {
  return iconSvg(KINDS[kind], 'lucide') ?? '';
}

interface BoxProps {
  readonly kind: string;
  /** A `color` was given: the text takes it (callouts.css `.op-callout-tinted`). */
  readonly tinted?: boolean;
  readonly icon: ReactNode;
  readonly title: unknown;
  readonly style?: CSSProperties;
  readonly children?: ReactNode;
}

/**
 * The callout frame. Like Mintlify's, a `title` is a bold line above the content, and a callout with no
 * icon has no icon slot (an empty one left a gap before the text). Mintlify's class `callout`, its
 * `data-callout-type` and its parts' `data-component-part` are there too: projects' stylesheets select them.
 */
function Box(props: BoxProps): ReactNode {
  const title = asNode(props.title);
  return (
    <div
      className={`op-callout op-callout-${props.kind}${props.tinted ? ' op-callout-tinted' : ''} callout`}
      data-callout={props.kind}
      data-callout-type={props.kind}
      role="note"
      style={props.style}
    >
      {props.icon ? (
        <span className="op-callout-icon" data-component-part="callout-icon">
          {props.icon}
        </span>
      ) : null}
      <div className="op-callout-content" data-component-part="callout-content">
        {title ? (
          <div className="op-callout-title" data-component-part="callout-title">
            {title}
          </div>
        ) : null}
        {props.children}
      </div>
    </div>
  );
}

function preset(kind: CalloutKind): (props: MdxProps) => ReactNode {
  const svg = calloutIconSvg(kind);
  const component = (props: MdxProps): ReactNode => (
    <Box
      kind={kind}
      title={props['title']}
      icon={<span className="op-icon" dangerouslySetInnerHTML={{ __html: svg }} />}
    >
      {props.children}
    </Box>
  );
  component.displayName = kind[0]?.toUpperCase() + kind.slice(1);
  return component;
}

/** `<Note>` */
export const Note = preset('note');
/** `<Info>` */
export const Info = preset('info');
/** `<Tip>` */
export const Tip = preset('tip');
/** `<Warning>` */
export const Warning = preset('warning');
/** `<Check>` */
export const Check = preset('check');
/** `<Danger>` */
export const Danger = preset('danger');

/**
 * `<Callout title icon iconType color>`: the colour tints border, background and text (via
 * `--op-callout-color`; the text is the colour itself, darkened, as Mintlify's); without one the callout
 * is neutral gray, as Mintlify's is.
 */
export function Callout(props: MdxProps): ReactNode {
  const tint = color(props['color']);
  const style = tint ? ({ '--op-callout-color': tint } as CSSProperties) : undefined;
  return (
    <Box
      kind="custom"
      tinted={tint !== undefined}
      title={props['title']}
      icon={props['icon'] ? <IconSlot icon={props['icon']} iconType={props['iconType']} /> : null}
      {...(style ? { style } : {})}
    >
      {props.children}
    </Box>
  );
}
