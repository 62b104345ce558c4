/** `<Popup>` with `<PopupTrigger>` and `<PopupContent>`: content that floats over the page on a click. */
import type { ReactNode } from 'react';
import type { MdxProps } from './util.js';

/**
 * The wrapper. It takes focus when its trigger is clicked, and CSS shows the content while focus is
 * inside it (`:focus-within`, as for Tooltip), so a click opens the popup and a click elsewhere closes
 * it without any script. Spans, so a popup may also sit inside a sentence.
 */
export function Popup(props: MdxProps): ReactNode {
  return (
    <span className="op-popup" data-op-popup="" tabIndex={0}>
      {props.children}
    </span>
  );
}

/** What the reader clicks: the author's own button, text or image. */
export function PopupTrigger(props: MdxProps): ReactNode {
  return <span className="op-popup-trigger">{props.children}</span>;
}

/** The floating content, hidden until the popup has focus. */
export function PopupContent(props: MdxProps): ReactNode {
  return (
    <span className="op-popup-content" role="dialog">
      {props.children}
    </span>
  );
}
