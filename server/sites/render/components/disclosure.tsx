/** Collapsibles built on `<details>` (work without JS): Accordion, AccordionGroup, Expandable; and Steps. */
import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { drawsIcon, IconSlot } from '../icons/Icon.js';
import { snippetNodes } from '../runtime/snippetBlocks.js';
import { OutOfToc, SnippetPropsProvider, useRenderState, useTocDepth } from '../runtime/state.js';
import { asNode, bool, elementChildren, num, str, type MdxProps } from './util.js';

/** `<Accordion title description defaultOpen id icon iconType>`; its id is hash-linkable. */
export function Accordion(props: MdxProps): ReactNode {
  const state = useRenderState();
  const title = str(props['title']) ?? '';
  const anchor = state.anchor(title, str(props['id']) ?? null, null);
  const description = asNode(props['description']);
  return (
    <details
      className="op-accordion accordion"
      id={anchor}
      data-op-alias={state.aliasOf(anchor)}
      open={bool(props['defaultOpen'])}
      data-op-accordion=""
    >
      <summary className="op-accordion-summary">
        {props['icon'] ? (
          <IconSlot icon={props['icon']} iconType={props['iconType']} className="op-accordion-icon" />
        ) : null}
        <span className="op-accordion-heading">
          <span className="op-accordion-title">{title}</span>
          {description ? <span className="op-accordion-description">{description}</span> : null}
        </span>
      </summary>
      <div className="op-accordion-body">
        <OutOfToc>{props.children}</OutOfToc>
      </div>
    </details>
  );
}

/** `<AccordionGroup>`: visually joined accordions. */
export function AccordionGroup(props: MdxProps): ReactNode {
  return (
    <div className="op-accordion-group accordion-group">
      <OutOfToc>{props.children}</OutOfToc>
    </div>
  );
}

/**
 * `<Expandable title defaultOpen>`: nested properties inside a field. Untitled, it reads "Show child
 * attributes", Mintlify's default.
 */
export function Expandable(props: MdxProps): ReactNode {
  const title = str(props['title']) ?? 'child attributes';
  return (
    <details className="op-expandable expandable" open={bool(props['defaultOpen'])}>
      <summary className="op-expandable-summary" data-title={title}>
        <span className="op-expandable-show">Show {title}</span>
        {/* Shown instead of the line above once open: the page's text (search) has the title once. */}
        <span className="op-expandable-hide" data-op-unindexed="">
          Hide {title}
        </span>
      </summary>
      <div className="op-expandable-body">
        <OutOfToc>{props.children}</OutOfToc>
      </div>
    </details>
  );
}

type TitleTag = 'p' | 'h2' | 'h3' | 'h4';

function titleTag(value: unknown): TitleTag {
  return value === 'h2' || value === 'h3' || value === 'h4' ? value : 'p';
}

/**
 * `<Steps titleSize>`: numbers its `<Step>` children in order. A snippet child holding steps is opened in
 * place (its props still fill its `{name}`s), as Mintlify inlines snippets: its steps are numbered with the
 * others and take the group's title size.
 */
export function Steps(props: MdxProps): ReactNode {
  let n = 0;
  const numbered = (child: ReactElement<MdxProps>): ReactElement => {
    n += 1;
    return cloneElement(child, {
      key: `step-${n}`,
      stepNumber: child.props['stepNumber'] ?? n,
      titleSize: child.props['titleSize'] ?? props['titleSize'],
    });
  };
  const children = elementChildren(props.children).flatMap((child, index): ReactNode[] => {
    if (child.type === Step) return [numbered(child)];
    const inlined = snippetSteps(child);
    if (!inlined) return [child];
    return inlined.map((node, at) => (
      <SnippetPropsProvider key={`snippet-${index}-${at}`} value={child.props}>
        {isStep(node) ? numbered(node) : node}
      </SnippetPropsProvider>
    ));
  });
  return (
    <div className="op-steps steps" role="list">
      {children}
    </div>
  );
}

function isStep(node: ReactNode): node is ReactElement<MdxProps> {
  return isValidElement<MdxProps>(node) && node.type === Step;
}

/** The top-level nodes of a snippet element that holds at least one `<Step>`, else null. */
function snippetSteps(child: ReactElement<MdxProps>): readonly ReactNode[] | null {
  const nodes = snippetNodes(child);
  return nodes?.some(isStep) ? nodes : null;
}

/** A Step's TOC depth: Mintlify lists a step only when its title is an h2 or h3 (remarkExtractTableOfContents). */
const STEP_TOC_DEPTH: Partial<Record<TitleTag, number>> = { h2: 2, h3: 3 };

/**
 * `<Step title icon iconType stepNumber titleSize id noAnchor>`: its title is an anchor; a TOC entry only
 * when `titleSize` (its own or its `<Steps>`'s) is h2 or h3, as Mintlify's: a step's default title is a
 * bold `<p>`, no heading. Outside `<Steps>` nothing numbers it, so it reads 1, as Mintlify's step item
 * defaults its number.
 */
export function Step(props: MdxProps): ReactNode {
  const state = useRenderState();
  const title = str(props['title']) ?? '';
  const Tag = titleTag(props['titleSize']);
  const noAnchor = bool(props['noAnchor']);
  const depth = useTocDepth(noAnchor ? null : (STEP_TOC_DEPTH[Tag] ?? null));
  const anchor = title ? state.anchor(title, str(props['id']) ?? null, depth) : undefined;
  const number = num(props['stepNumber'], 1);
  return (
    <div
      className="op-step step"
      role="listitem"
      id={anchor}
      data-op-alias={anchor === undefined ? undefined : state.aliasOf(anchor)}
    >
      <div className="op-step-marker" aria-hidden="true">
        {/* An icon the library lacks (Greptile's Pro `party-horn`) is still reported by the slot, which then
            draws nothing: the step keeps its number rather than an empty circle. */}
        {props['icon'] ? <IconSlot icon={props['icon']} iconType={props['iconType']} /> : null}
        {props['icon'] && drawsIcon(props['icon'], state.iconLibrary, props['iconType']) ? null : (
          <span className="op-step-number">{number}</span>
        )}
      </div>
      <div className="op-step-content">
        {title ? (
          <Tag className="op-step-title">
            {anchor && !noAnchor ? (
              <a className="op-step-anchor" href={`#${anchor}`}>
                {title}
              </a>
            ) : (
              title
            )}
          </Tag>
        ) : null}
        <div className="op-step-body">{props.children}</div>
      </div>
    </div>
  );
}
