/** Code blocks: fenced code (`OpCode`), `<CodeBlock>`, and Mermaid containers. Markup: see DOM.md. */
import type { ReactNode } from 'react';
import { IconSlot } from '../icons/Icon.js';
import { iconSvg } from '../icons/icons.js';
import { useSnippetProps } from '../runtime/state.js';
import { bool, cx, str, textOf, type MdxProps } from '../components/util.js';
import { parseFenceMeta, parseLineSet, type FenceMeta } from './fenceMeta.js';
import { extractMarkers, highlightToHtml, languageId } from './highlight.js';
import { languageName } from './languageNames.js';

/** Props the compile step gives every fenced block. */
export interface OpCodeProps {
  readonly lang?: string;
  readonly meta?: string;
  readonly code?: string;
  /** Set by CodeGroup / examples: the title is the tab label, so the block has no title bar. */
  readonly grouped?: boolean;
}

/** Replaces `{name}` with snippet props inside a snippet's fences (Mintlify interpolates them there). */
function interpolate(code: string, props: Readonly<Record<string, unknown>> | null): string {
  if (!props || !code.includes('{')) return code;
  return code.replace(/\{\s*([A-Za-z_$][\w$]*)\s*\}/g, (all, name: string) => {
    const value = props[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : all;
  });
}

/** The tab a block shows inside a CodeGroup/example tab strip: its title (else its language) and its `icon=`. */
export function codeTab(props: OpCodeProps, request = false): { readonly title: string; readonly icon: string } {
  const meta = parseFenceMeta(props.lang, props.meta);
  // Untitled, a block is named by its language's display name (Bash, TypeScript), as Mintlify names it.
  return { title: meta.title || (meta.lang ? languageName(meta.lang, request) : '') || 'Code', icon: meta.icon };
}

/** A fenced code block. */
export function OpCode(props: OpCodeProps): ReactNode {
  const snippetProps = useSnippetProps();
  const meta = parseFenceMeta(props.lang, props.meta);
  return <CodeView code={interpolate(props.code ?? '', snippetProps)} meta={meta} grouped={props.grouped === true} />;
}

const COPY_SVG = iconSvg('copy', 'lucide') ?? '';
const FEEDBACK_SVG = iconSvg('message-square', 'lucide') ?? '';

function CodeView(props: { code: string; meta: FenceMeta; grouped: boolean }): ReactNode {
  const { meta } = props;
  const { code, marks } = extractMarkers(props.code.replace(/\n$/, ''), meta);
  const html = highlightToHtml(code, meta.lang, marks);
  const showTitle = Boolean(meta.title) && !props.grouped;
  // Mintlify's `language` attribute (not a DOM property, so spread as a plain attribute).
  const mintlify: Record<string, string> = { language: languageId(meta.lang) };
  return (
    <div
      {...mintlify}
      className={cx(
        'op-code',
        'code-block',
        meta.wrap && 'op-code-wrap',
        meta.lines && 'op-code-lines',
        meta.expandable && 'op-code-expandable',
      )}
      data-op-code=""
      data-lang={meta.lang || 'text'}
      data-filename={meta.title || undefined}
    >
      <div
        className={cx('op-code-header', !showTitle && 'op-code-header-bare')}
        data-component-part="code-block-header"
      >
        {showTitle && meta.icon ? <IconSlot icon={meta.icon} className="op-code-icon" /> : null}
        {showTitle ? (
          <span className="op-code-title" data-component-part="code-block-header-filename">
            {meta.title}
          </span>
        ) : null}
        <div className="op-code-actions">
          <button
            type="button"
            className="op-code-feedback"
            data-op-code-feedback=""
            data-filename={meta.title}
            data-lang={meta.lang || 'text'}
            aria-label="Give feedback on this code"
            title="Give feedback on this code"
            dangerouslySetInnerHTML={{ __html: FEEDBACK_SVG }}
          />
          {meta.copy ? (
            <button
              type="button"
              className="op-code-copy"
              data-op-copy=""
              aria-label="Copy code"
              title="Copy"
              dangerouslySetInnerHTML={{ __html: COPY_SVG }}
            />
          ) : null}
        </div>
      </div>
      {/* Mintlify's parts (data-component-part, code-block-background), which projects' stylesheets select. */}
      <div
        className="op-code-body code-block-background"
        data-component-part="code-block-root"
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {meta.expandable ? (
        <button type="button" className="op-code-expand" data-op-code-expand="" aria-expanded="false">
          Expand
        </button>
      ) : null}
    </div>
  );
}

/**
 * `<CodeBlock language filename icon lines wrap nocopy expandable highlight="[1,3]" focus>code</CodeBlock>`
 * for custom components; same look as a fence. The code is the children's text (or a `code` prop).
 */
export function CodeBlock(props: MdxProps): ReactNode {
  const snippetProps = useSnippetProps();
  const code = str(props['code']) ?? textOf(props.children);
  const lang = (str(props['language']) ?? str(props['lang']) ?? '').toLowerCase();
  const meta: FenceMeta = {
    ...parseFenceMeta(lang, ''),
    title: str(props['filename']) ?? str(props['title']) ?? '',
    icon: str(props['icon']) ?? '',
    lines: bool(props['lines']),
    wrap: bool(props['wrap']),
    expandable: bool(props['expandable']),
    copy: !bool(props['nocopy']),
    highlight: parseLineSet(lineSpec(props['highlight'])),
    focus: parseLineSet(lineSpec(props['focus'])),
  };
  return <CodeView code={interpolate(code, snippetProps)} meta={meta} grouped={false} />;
}

function lineSpec(value: unknown): string {
  if (Array.isArray(value)) return value.join(',');
  return str(value) ?? '';
}

/** A ```mermaid fence: the source, for the client to render with the bundled mermaid package. */
export function OpMermaid(props: OpCodeProps): ReactNode {
  const meta = parseFenceMeta('mermaid', props.meta);
  return (
    <div
      className="op-mermaid mermaid"
      data-op-mermaid=""
      data-placement={meta.placement || 'bottom-right'}
      data-actions={meta.actions === null ? undefined : String(meta.actions)}
    >
      <pre className="op-mermaid-source">{props.code ?? ''}</pre>
    </div>
  );
}
