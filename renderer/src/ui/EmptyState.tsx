/** What an empty page says: what is missing and what to do next. */
import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.js';

/** A centred empty state with an icon, a title, a hint and optional actions. */
export function EmptyState(props: { icon: IconName; title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="empty">
      <div className="empty-icon">
        <Icon name={props.icon} />
      </div>
      <h2>{props.title}</h2>
      <div className="muted">{props.children}</div>
      {props.actions !== undefined && <div className="empty-actions">{props.actions}</div>}
    </div>
  );
}
