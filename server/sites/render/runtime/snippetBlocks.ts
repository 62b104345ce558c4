/**
 * The top-level content of an imported `.mdx` snippet, for components that arrange their children.
 * Mintlify inlines snippets into the page before rendering, so a `<CodeGroup>` or `<Steps>` sees a
 * snippet's fences or `<Step>`s as its own children: Firecrawl keeps each code sample in a snippet of its
 * own and lists them in `<CodeGroup>` (tabs named by the blocks' titles); Trigger.dev writes each setup
 * step as a snippet holding one `<Step>` and lists them in `<Steps>` (numbered with the inline ones).
 */
import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import { OpCode, type OpCodeProps } from '../code/CodeBlock.js';

/** Property of a snippet component holding its reader's token: a symbol, which guardComponent's Object.assign keeps. */
const BLOCKS = Symbol('op.snippetBlocks');

type SnippetProps = Readonly<Record<string, unknown>>;
type NodeReader = (props: SnippetProps) => readonly ReactNode[] | null;

const READERS = new WeakMap<object, NodeReader>();

/**
 * Marks `snippet` as an `.mdx` snippet whose content is `content(props)` (the compiled MDX function with
 * its components bound). Calling it only builds elements, so reading the content renders nothing twice.
 */
export function withSnippetBlocks<T extends object>(snippet: T, content: (props: SnippetProps) => ReactNode): T {
  const token = {};
  READERS.set(token, (props) => {
    try {
      return topLevel(content(props));
    } catch {
      return null;
    }
  });
  return Object.assign(snippet, { [BLOCKS]: token });
}

/**
 * The top-level nodes (whitespace left out) of an `.mdx` snippet element's content, or null when the
 * element is no such snippet or its content cannot be built.
 */
export function snippetNodes(element: ReactElement<SnippetProps>): readonly ReactNode[] | null {
  const type: unknown = element.type;
  if (typeof type !== 'function' || !(BLOCKS in type)) return null;
  const token: unknown = type[BLOCKS];
  const read = typeof token === 'object' && token !== null ? READERS.get(token) : undefined;
  return read ? read(element.props) : null;
}

/** The fence props of a snippet element whose snippet holds only fenced blocks, else null. */
export function snippetBlocks(element: ReactElement<SnippetProps>): readonly OpCodeProps[] | null {
  const nodes = snippetNodes(element);
  if (!nodes || nodes.length === 0) return null;
  const blocks: OpCodeProps[] = [];
  for (const node of nodes) {
    if (!isValidElement<OpCodeProps>(node) || node.type !== OpCode) return null;
    blocks.push(node.props);
  }
  return blocks;
}

/** A tree's top-level nodes, its root fragment unwrapped and whitespace-only text left out. */
function topLevel(tree: ReactNode): readonly ReactNode[] {
  const nodes = isValidElement<{ children?: ReactNode }>(tree) && tree.type === Fragment ? tree.props.children : tree;
  return Children.toArray(nodes).filter((node) => !(typeof node === 'string' && node.trim() === ''));
}
