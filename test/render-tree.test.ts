/** Tree folders as Mintlify's tree/folder.tsx draws them. */
import { describe, expect, it } from 'vitest';
import { one, render } from './fixtures/render/harness.js';

const TREE = [
  '<Tree>',
  '  <Tree.Folder name="app" defaultOpen>',
  '    <Tree.File name="page.tsx" />',
  '  </Tree.Folder>',
  '  <Tree.Folder name="empty" defaultOpen></Tree.Folder>',
  '</Tree>',
].join('\n');

describe('tree folders', () => {
  it('give an open folder an open-folder icon beside the closed one, for CSS to pick by state', async () => {
    const page = await render(TREE);
    const row = one(page.dom, 'details.op-tree-folder > summary');
    expect(row.querySelector('.op-tree-open svg')).not.toBeNull();
    expect(row.querySelector('.op-tree-closed svg')).not.toBeNull();
  });

  it('draw a folder with nothing inside as a row that does not open', async () => {
    const page = await render(TREE);
    const names = page.dom.querySelectorAll('details.op-tree-folder .op-tree-name').map((n) => n.text);
    expect(names).toEqual(['app', 'page.tsx']);
    const empty = one(page.dom, 'div.op-tree-folder');
    expect(empty.text.trim()).toBe('empty');
    expect(empty.querySelector('details, summary')).toBeNull();
  });

  it('draw a folder with openable={false} as a closed row that does not open, its contents not shown', async () => {
    const page = await render(
      [
        '<Tree>',
        '  <Tree.Folder name="vendor" openable={false} defaultOpen>',
        '    <Tree.File name="lib.js" />',
        '  </Tree.Folder>',
        '</Tree>',
      ].join('\n'),
    );
    const row = one(page.dom, '.op-tree-folder');
    expect(row.tagName).toBe('DIV');
    expect(row.text.trim()).toBe('vendor');
    expect(page.dom.querySelector('.op-tree-file')).toBeNull();
  });
});
