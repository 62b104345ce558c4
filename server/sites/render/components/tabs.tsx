/** Tabs, Tab, CodeGroup, RequestExample, ResponseExample: one tab-strip markup (see DOM.md). */
import type { ReactElement, ReactNode } from 'react';
import { codeTab, OpCode, type OpCodeProps } from '../code/CodeBlock.js';
import { IconSlot } from '../icons/Icon.js';
import { snippetBlocks } from '../runtime/snippetBlocks.js';
import { SnippetPropsProvider, useRenderState } from '../runtime/state.js';
import { bool, cx, elementChildren, num, str, textOf, type MdxProps } from './util.js';

interface TabItem {
  readonly label: string;
  readonly id: string;
  readonly icon?: unknown;
  readonly iconType?: unknown;
  readonly content: ReactNode;
}

/** The shared strip + panels. Non-selected panels are `hidden` until the client script switches them. */
function TabStrip(props: {
  items: TabItem[];
  selected: number;
  className: string;
  sync: boolean;
  variant?: string | undefined;
  example?: string | undefined;
  /** Content Tabs: each tab carries Mintlify's `tab` class (its icon `tab-icon`), `data-active` and parts. */
  mintlify?: boolean;
  /** Mintlify's `data-component-part` of the strip (a code group's `code-group-tab-bar`). */
  barPart?: string;
}): ReactNode {
  // Clamped into the tabs there are, as Mintlify's Tabs does: an index past the end selects the last tab.
  const selected = Math.max(0, Math.min(Math.trunc(props.selected), props.items.length - 1));
  return (
    <div
      className={cx('op-tabs', props.className)}
      data-op-tabs=""
      data-sync={props.sync ? undefined : 'false'}
      data-variant={props.variant}
      data-op-example={props.example}
    >
      <div className="op-tab-list" role="tablist" data-component-part={props.barPart}>
        {props.items.map((item, index) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            className={cx('op-tab', props.mintlify && 'tab')}
            id={`${item.id}-tab`}
            aria-selected={index === selected ? 'true' : 'false'}
            data-active={props.mintlify ? String(index === selected) : undefined}
            data-component-part={props.mintlify ? 'tab-button' : undefined}
            aria-controls={item.id}
            tabIndex={index === selected ? 0 : -1}
            data-op-tab={item.label}
          >
            {/* One <div> holds icon and label, as in Mintlify's tab buttons: projects' CSS styles
                `[role="tab"] > div:first-child` (microsandbox tints code-group tabs on hover). */}
            <div className="op-tab-inner">
              {item.icon ? (
                <IconSlot
                  icon={item.icon}
                  iconType={item.iconType}
                  className={cx('op-tab-icon', props.mintlify && 'tab-icon')}
                />
              ) : null}
              <span className="op-tab-label">{item.label}</span>
            </div>
          </button>
        ))}
      </div>
      {props.items.map((item, index) => (
        <div
          key={item.id}
          className="op-tab-panel"
          role="tabpanel"
          id={item.id}
          aria-labelledby={`${item.id}-tab`}
          data-op-tab-panel={item.label}
          data-component-part={props.mintlify ? 'tab-content' : undefined}
          hidden={index !== selected}
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}

/** What an untitled `<Tab>` reads, as in Mintlify's Tabs. */
const UNTITLED_TAB = 'Tab Title';

/** `<Tabs defaultTabIndex sync borderBottom>` of `<Tab title id icon iconType>`; an untitled tab reads "Tab Title". */
export function Tabs(props: MdxProps): ReactNode {
  const state = useRenderState();
  const items = elementChildren(props.children).map((child): TabItem => {
    const label = str(child.props['title']) ?? UNTITLED_TAB;
    return {
      label,
      id: state.anchor(label, str(child.props['id']) ?? null, null),
      icon: child.props['icon'],
      iconType: child.props['iconType'],
      content: child.props.children,
    };
  });
  return (
    <TabStrip
      items={items}
      selected={num(props['defaultTabIndex'], 0)}
      className={cx('op-tabs-content', 'tabs', bool(props['borderBottom']) && 'op-tabs-border')}
      sync={props['sync'] === undefined || bool(props['sync'])}
      mintlify
    />
  );
}

/** A `<Tab>` outside `<Tabs>` just shows its content. */
export function Tab(props: MdxProps): ReactNode {
  return <div className="op-tab-panel">{props.children}</div>;
}

/**
 * Tab items for a group of code blocks: each block's title (or language) is its tab label, and a fence's
 * `icon=` the tab's icon, as the block's own title bar shows it outside a group. A snippet made only of
 * fences gives one tab per fence, as if they were written inline (its props still fill its `{name}`s).
 */
function codeItems(children: ReactNode, prefix: string): TabItem[] {
  const state = useRenderState();
  const fenceItem = (fence: OpCodeProps, wrap: (node: ReactNode) => ReactNode): TabItem => {
    const { title, icon } = codeTab(fence, prefix === 'request');
    const id = state.anchor(`${prefix}-${title}`, null, null);
    return { label: title, id, ...(icon ? { icon } : {}), content: wrap(<OpCode {...fence} grouped />) };
  };
  return elementChildren(children).flatMap((child: ReactElement<MdxProps>, index): TabItem[] => {
    if (child.type === OpCode) return [fenceItem(child.props as OpCodeProps, (node) => node)];
    const blocks = snippetBlocks(child);
    if (blocks) {
      const wrap = (node: ReactNode): ReactNode => (
        <SnippetPropsProvider value={child.props}>{node}</SnippetPropsProvider>
      );
      return blocks.map((fence) => fenceItem(fence, wrap));
    }
    const label =
      str(child.props['filename']) ??
      str(child.props['title']) ??
      (textOf(child.props.children).slice(0, 40) || `Tab ${index + 1}`);
    return [{ label, id: state.anchor(`${prefix}-${label}`, null, null), content: child }];
  });
}

/** `<CodeGroup dropdown>`: fenced blocks as tabs (or a language dropdown). */
export function CodeGroup(props: MdxProps): ReactNode {
  return (
    <TabStrip
      items={codeItems(props.children, 'code')}
      selected={0}
      className="op-code-group code-group"
      sync
      barPart="code-group-tab-bar"
      variant={bool(props['dropdown']) ? 'dropdown' : undefined}
    />
  );
}

/** Request/response examples: code pinned to the right column on wide screens (the theme moves `[data-op-example]`). */
function CodeExample(props: MdxProps, kind: 'request' | 'response'): ReactNode {
  return (
    <TabStrip
      items={codeItems(props.children, kind)}
      selected={0}
      className={`op-code-group code-group op-${kind}-example`}
      sync
      barPart="code-group-tab-bar"
      variant={bool(props['dropdown']) ? 'dropdown' : undefined}
      example={kind}
    />
  );
}

/** `<RequestExample>`: the request samples of an endpoint page. */
export function RequestExample(props: MdxProps): ReactNode {
  useRenderState().requestExample = true;
  return CodeExample(props, 'request');
}

/** `<ResponseExample>`: the response samples of an endpoint page. */
export function ResponseExample(props: MdxProps): ReactNode {
  useRenderState().responseExample = true;
  return CodeExample(props, 'response');
}
