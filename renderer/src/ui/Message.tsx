/** A message from the server as a person reads it: its backtick-quoted parts (commands, keys) shown as code. */
import { messageParts } from './format.js';

/** The message, with `quoted` parts in `<code>`. */
export function Message({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, i) =>
        part.code ? (
          <code key={i} className="quoted">
            {part.text}
          </code>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
