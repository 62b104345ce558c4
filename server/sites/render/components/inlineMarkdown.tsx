/**
 * Inline Markdown in a string prop (`<Frame caption="**Green**: healthy, see [rollouts](/rollouts)">`), as
 * Mintlify renders such props: strong, emphasis, code and links; anything else stays text. A link goes
 * only where a page's own links may: a path, an anchor, http(s) or mailto (never `javascript:`).
 */
import type { ReactNode } from 'react';

/** One inline token: `code`, **strong** / __strong__, *em* / _em_ (not inside a word), [label](href). */
const TOKEN =
  /(`[^`]+`)|\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|(?<!\w)_([^_\s][^_]*)_(?!\w)|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** True for an href with no scheme, or one a reader may follow (http(s), mailto). */
function safeHref(href: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(href) || /^(https?|mailto):/i.test(href);
}

/** `text` with its inline Markdown made into elements (a plain string when it has none). */
export function inlineMarkdown(text: string): ReactNode {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const [whole, code, strong = match[3], , em = match[5], , label, href] = match;
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = out.length;
    if (code !== undefined) out.push(<code key={key}>{code.slice(1, -1)}</code>);
    else if (strong !== undefined) out.push(<strong key={key}>{inlineMarkdown(strong)}</strong>);
    else if (em !== undefined) out.push(<em key={key}>{inlineMarkdown(em)}</em>);
    else if (label !== undefined && href !== undefined && safeHref(href)) {
      out.push(
        <a key={key} href={href}>
          {inlineMarkdown(label)}
        </a>,
      );
    } else out.push(whole);
    last = match.index + whole.length;
  }
  if (out.length === 0) return text;
  if (last < text.length) out.push(text.slice(last));
  return out;
}
