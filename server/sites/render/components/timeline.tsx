/** `<Timeline>` with `<Timeline.Item title date icon iconType color>`: events in order down a line. */
import type { ReactNode } from 'react';
import { IconSlot } from '../icons/Icon.js';
import { asNode, str, type MdxProps } from './util.js';

/** The marker colours Mintlify documents; anything else is its default, gray. */
const COLORS = new Set(['gray', 'blue', 'green', 'yellow', 'orange', 'red', 'purple']);

/** One event: a coloured marker (a dot, or its icon) on the line, its title and date, then its content. */
function TimelineItem(props: MdxProps): ReactNode {
  const tone = str(props['color']) ?? 'gray';
  const date = asNode(props['date']);
  return (
    <div className={`op-timeline-item op-timeline-${COLORS.has(tone) ? tone : 'gray'}`}>
      <span className="op-timeline-marker" aria-hidden="true">
        {props['icon'] ? <IconSlot icon={props['icon']} iconType={props['iconType']} /> : null}
      </span>
      <div className="op-timeline-content">
        <div className="op-timeline-head">
          <span className="op-timeline-title">{asNode(props['title'])}</span>
          {date ? <span className="op-timeline-date">{date}</span> : null}
        </div>
        <div className="op-timeline-body">{props.children}</div>
      </div>
    </div>
  );
}

/**
 * `Timeline` and its `Timeline.Item`. Without it an item showed only its content: the titles and dates
 * that make it a timeline were lost.
 */
export const Timeline = Object.assign(
  (props: MdxProps): ReactNode => (
    <div className="op-timeline" data-op-timeline="">
      {props.children}
    </div>
  ),
  { Item: TimelineItem },
);
