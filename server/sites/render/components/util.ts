/** Prop coercion and React-tree helpers for the component catalogue (MDX authors pass anything). */
import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';

/** Props as MDX passes them: anything, plus children. */
export interface MdxProps {
  readonly children?: ReactNode;
  readonly [prop: string]: unknown;
}

/** A string prop (numbers are stringified), or undefined. */
export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** A boolean prop: `prop`, `prop={true}` and `prop="true"` are true. */
export function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === '';
}

/** A numeric prop, or `fallback`. */
export function num(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

/** A string-array prop (`tags={["a","b"]}` or `tags="a,b"`). */
export function strings(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((v) => str(v)).filter((v): v is string => v !== undefined);
  const s = str(value);
  return s
    ? s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : [];
}

/** Joins class names, skipping empty ones. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}

/** A CSS colour value safe to put in a style attribute (hex, rgb()/hsl(), or a plain keyword). */
export function color(value: unknown): string | undefined {
  const s = str(value)?.trim();
  if (!s) return undefined;
  return /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch)\([\d\s.,%/-]+\)|[a-z]+)$/i.test(s) ? s : undefined;
}

/** Plain text of a React tree (for ids, TOC entries and tab labels). */
export function textOf(node: ReactNode): string {
  if (node === null || node === undefined || typeof node === 'boolean') return '';
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') return String(node);
  if (Array.isArray(node)) return node.map((n: ReactNode) => textOf(n)).join('');
  if (isValidElement<{ children?: ReactNode }>(node)) return textOf(node.props.children);
  return '';
}

/** The element children of `children` (strings such as MDX's "\n" separators dropped). */
export function elementChildren(children: ReactNode): ReactElement<MdxProps>[] {
  return Children.toArray(children).filter((c): c is ReactElement<MdxProps> => isValidElement<MdxProps>(c));
}

/** A prop usable as React children (text, numbers, elements, arrays of those), or undefined. */
export function asNode(value: unknown): ReactNode {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (isValidElement(value)) return value;
  if (
    Array.isArray(value) &&
    (value as unknown[]).every((v) => typeof v === 'string' || typeof v === 'number' || isValidElement(v))
  ) {
    return value as ReactNode[];
  }
  return undefined;
}
