/**
 * A box a wide table scrolls inside, so the page itself never scrolls sideways. It is a labelled,
 * focusable region: keyboard users can scroll it with the arrow keys.
 */
import type { ReactNode } from 'react';

/** The box around one table. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  return (
    // Focusable: without it keyboard users could not reach the scrolled-off columns.
    <div className="fb-table-box" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
