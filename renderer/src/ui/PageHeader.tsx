/** A page's title row: heading, one-line description, actions on the right (below on phones). */
import type { ReactNode } from 'react';

/** The heading of every page (the only h1 on it). */
export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1>{props.title}</h1>
        {props.description !== undefined && <p className="muted">{props.description}</p>}
      </div>
      {props.actions !== undefined && <div className="page-actions">{props.actions}</div>}
    </header>
  );
}
