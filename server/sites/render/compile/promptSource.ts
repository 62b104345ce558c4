/**
 * `<Prompt>` copies its prompt as written. Mintlify documents a prompt's children as the text copied or
 * opened in Cursor, and a prompt's Markdown (`**bold**`, `- ` lists, headings) is part of what it tells
 * an AI tool; the rendered text loses it. This plugin hands each `<Prompt>` the source of its children
 * as the `_opSource` prop, indentation under the tag removed.
 */
import type { Nodes, Root } from 'mdast';
import type { MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx';

/** The prop that carries a prompt's source (components/misc.tsx reads it). */
export const PROMPT_SOURCE_PROP = '_opSource';

/** The text of `lines` without the indentation they all share (blank lines do not count). */
function dedent(lines: readonly string[]): string {
  const indents = lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0);
  const common = indents.length === 0 ? 0 : Math.min(...indents);
  return lines
    .map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)?.[0].length ?? 0)))
    .join('\n')
    .trim();
}

/** The source of an element's children, from the start of its first child's line to its last child's end. */
function childrenSource(node: MdxJsxFlowElement | MdxJsxTextElement, source: string): string | undefined {
  const start = node.children[0]?.position?.start;
  const end = node.children[node.children.length - 1]?.position?.end;
  if (start?.offset === undefined || end?.offset === undefined) return undefined;
  // From the line's start, so the first line's indentation is measured like the others'.
  const lineStart = source.lastIndexOf('\n', start.offset - 1) + 1;
  const before = source.slice(lineStart, start.offset);
  const from = before.trim() === '' ? lineStart : start.offset;
  return dedent(source.slice(from, end.offset).split('\n'));
}

function visit(node: Nodes, source: string): void {
  if (!('children' in node)) return;
  for (const child of node.children) {
    const element = child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement';
    if (element && child.name === 'Prompt') {
      const text = childrenSource(child, source);
      if (text !== undefined) child.attributes.push({ type: 'mdxJsxAttribute', name: PROMPT_SOURCE_PROP, value: text });
    }
    visit(child, source);
  }
}

/** The remark plugin, for the MDX `source` being compiled (positions are offsets into it). */
export function remarkPromptSource(source: string): () => (tree: Root) => void {
  return () => (tree) => visit(tree, source);
}
