/**
 * The few icons only the feedback page uses (votes, agent, code, contact), from the same Lucide set as
 * ui/Icon, kept here so the shared icon list stays small.
 */
import { Bot, Code, Mail, ThumbsDown, ThumbsUp } from 'lucide-static';

const ICONS = { up: ThumbsUp, down: ThumbsDown, agent: Bot, code: Code, mail: Mail } as const;

/** A feedback icon's name. */
export type FeedbackIconName = keyof typeof ICONS;

/** A decorative icon: the text beside it (visible or visually hidden) carries the meaning. */
export function FeedbackIcon({ name }: { name: FeedbackIconName }) {
  return <span className="icon" aria-hidden="true" dangerouslySetInnerHTML={{ __html: ICONS[name] }} />;
}
