/**
 * The fenced blocks an imported `.mdx` snippet consists of. Projects such as Firecrawl keep each code
 * sample in a snippet of its own and list them in `<CodeGroup>`; Mintlify labels those tabs by the
 * snippets' block titles, as if the fences were written inline, so the group needs to see the blocks.
 */
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { OpCode, type OpCodeProps } from '../code/CodeBlock.js';

/** Property of a snippet component holding its reader's token: a symbol, which guardComponent's Object.assign keeps. */
const BLOCKS = Symbol('op.snippetBlocks');

type SnippetProps = Readonly<Record<string, unknown>>;
type BlockReader = (props: SnippetProps) => readonly OpCodeProps[] | null;

const READERS = new WeakMap<object, BlockReader>();

/**
 * Marks `snippet` as an `.mdx` snippet whose content is `content(props)` (the compiled MDX function with
 * its components bound). Calling it only builds elements, so reading the blocks renders nothing twice.
 */
export function withSnippetBlocks<T extends object>(snippet: T, content: (props: SnippetProps) => ReactNode): T {
  const token = {};
  READERS.set(token, (props) => {
    try {
      return codeOnly(content(props));
    } catch {
      return null;
    }
  });
  return Object.assign(snippet, { [BLOCKS]: token });
}

/** The fence props of a snippet element whose snippet holds only fenced blocks, else null. */
export function snippetBlocks(element: ReactElement<SnippetProps>): readonly OpCodeProps[] | null {
  const type: unknown = element.type;
  if (typeof type !== 'function' || !(BLOCKS in type)) return null;
  const token: unknown = type[BLOCKS];
  const read = typeof token === 'object' && token !== null ? READERS.get(token) : undefined;
  return read ? read(element.props) : null;
}

/** The OpCode props of a tree that holds nothing but fences (and whitespace), else null. */
function codeOnly(tree: ReactNode): readonly OpCodeProps[] | null {
  const nodes = isValidElement<{ children?: ReactNode }>(tree) && tree.type === Fragment ? tree.props.children : tree;
  const blocks: OpCodeProps[] = [];
  for (const node of Children.toArray(nodes)) {
    if (typeof node === 'string' && node.trim() === '') continue;
    if (!isValidElement<OpCodeProps>(node) || node.type !== OpCode) return null;
    blocks.push(node.props);
  }
  return blocks.length > 0 ? blocks : null;
}
