/**
 * `<Tree>` / `<FileTree>` with `<Tree.Folder name defaultOpen openable highlight>` and
 * `<Tree.File name highlight>`, or wrapping a Markdown nested list (a trailing `/` marks a folder).
 */
import { isValidElement, type ReactElement, type ReactNode } from 'react';
import { iconSvg } from '../icons/icons.js';
import { bool, cx, elementChildren, str, textOf, type MdxProps } from './util.js';

const FOLDER_SVG = iconSvg('folder', 'lucide') ?? '';
const FOLDER_OPEN_SVG = iconSvg('folder-open', 'lucide') ?? '';
const FILE_SVG = iconSvg('file', 'lucide') ?? '';

/**
 * A folder. As in Mintlify's tree, one with nothing inside or with `openable={false}` does not open (a
 * plain closed row, its contents not shown), and an open folder shows an open-folder icon (both icons are
 * drawn; CSS shows the one for `details[open]`, so toggling needs no script).
 */
function TreeFolder(props: MdxProps): ReactNode {
  const name = str(props['name']) ?? '';
  const openable = props['openable'] === undefined || bool(props['openable']);
  const highlight = bool(props['highlight']);
  if (!openable || !hasChildren(props.children)) {
    return (
      <div
        className={cx('op-tree-folder', 'tree-folder', 'op-tree-row', highlight && 'op-tree-highlight')}
        role="treeitem"
      >
        <span className="op-icon" dangerouslySetInnerHTML={{ __html: FOLDER_SVG }} />
        <span className="op-tree-name" title={name}>
          {name}
        </span>
      </div>
    );
  }
  return (
    <details
      className={cx('op-tree-folder', 'tree-folder', highlight && 'op-tree-highlight')}
      role="treeitem"
      open={bool(props['defaultOpen'])}
    >
      <summary className="op-tree-row">
        <span className="op-icon op-tree-closed" dangerouslySetInnerHTML={{ __html: FOLDER_SVG }} />
        <span className="op-icon op-tree-open" dangerouslySetInnerHTML={{ __html: FOLDER_OPEN_SVG }} />
        <span className="op-tree-name" title={name}>
          {name}
        </span>
      </summary>
      <div className="op-tree-children" role="group">
        {props.children}
      </div>
    </details>
  );
}

/** Whether a folder holds anything to show (blank text between tags does not count). */
function hasChildren(children: ReactNode): boolean {
  return elementChildren(children).length > 0 || textOf(children).trim() !== '';
}

function TreeFile(props: MdxProps): ReactNode {
  return (
    <div
      className={cx('op-tree-file', 'tree-file', 'op-tree-row', bool(props['highlight']) && 'op-tree-highlight')}
      role="treeitem"
    >
      <span className="op-icon" dangerouslySetInnerHTML={{ __html: FILE_SVG }} />
      <span className="op-tree-name" title={str(props['name'])}>
        {str(props['name']) ?? ''}
      </span>
    </div>
  );
}

/** Converts a Markdown list (`ul > li`, MDX-rendered) into folders and files. */
function fromList(list: ReactElement<MdxProps>, depth: number): ReactNode[] {
  return elementChildren(list.props.children)
    .filter((li) => li.type === 'li' || typeof li.type !== 'string')
    .map((li, index) => {
      const parts = elementChildren(li.props.children);
      const nested = parts.find((p) => p.type === 'ul' || p.type === 'ol');
      const label = textOf(
        Array.isArray(li.props.children)
          ? (li.props.children as ReactNode[]).filter(
              (c) => !(isValidElement(c) && (c.type === 'ul' || c.type === 'ol')),
            )
          : li.props.children,
      ).trim();
      const isFolder = label.endsWith('/') || nested !== undefined;
      const name = label.replace(/\/$/, '');
      const key = `${depth}-${index}-${name}`;
      return isFolder ? (
        <TreeFolder key={key} name={name} defaultOpen>
          {nested ? fromList(nested, depth + 1) : null}
        </TreeFolder>
      ) : (
        <TreeFile key={key} name={name} />
      );
    });
}

function TreeRoot(props: MdxProps): ReactNode {
  const children = elementChildren(props.children);
  const list = children.length === 1 && (children[0]?.type === 'ul' || children[0]?.type === 'ol') ? children[0] : null;
  return (
    <div className="op-tree tree" role="tree" data-op-tree="">
      {list ? fromList(list, 0) : props.children}
    </div>
  );
}

/** `<Tree>` with `Tree.Folder` / `Tree.File`. */
export const Tree = Object.assign(TreeRoot, { Folder: TreeFolder, File: TreeFile });
/** `<FileTree>`: same as Tree. */
export const FileTree = Tree;
