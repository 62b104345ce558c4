/** `<Color>` palettes, as Mintlify's color.tsx lays them out. */
import { createContext, useContext, type CSSProperties, type ReactNode } from 'react';
import { color, str, type MdxProps } from './util.js';

type Variant = 'compact' | 'table';

/** The enclosing palette's variant: a table shows bare swatches, a compact palette names each. */
const VariantContext = createContext<Variant>('compact');

/** A swatch's colours; the legacy `{ light, dark }` value gives one per theme. */
function swatch(value: unknown): { light: string | undefined; dark: string | undefined } {
  if (typeof value === 'object' && value !== null && 'light' in value && 'dark' in value) {
    return { light: color(value.light), dark: color(value.dark) };
  }
  const c = color(value);
  return { light: c, dark: c };
}

/**
 * A value as the reader's theme shows it: both are written and CSS shows the one for the theme, as
 * Mintlify's item shows only the current theme's value.
 */
function ThemedValue(props: { light: string | undefined; dark: string | undefined }): ReactNode {
  if (props.light === props.dark) return <span className="op-color-value">{props.light}</span>;
  return (
    <>
      <span className="op-color-value op-color-value-light">{props.light}</span>
      <span className="op-color-value op-color-value-dark">{props.dark}</span>
    </>
  );
}

/**
 * `<Color.Item name value>`: click copies the value. In a table, as in Mintlify's, the swatch stands alone
 * and its value is its tooltip; in a compact palette its name and value are written under it.
 */
function ColorItem(props: MdxProps): ReactNode {
  const variant = useContext(VariantContext);
  const { light, dark } = swatch(props['value']);
  const name = str(props['name']);
  return (
    <button
      type="button"
      className="op-color-item color-item"
      data-op-copy-value={light ?? ''}
      title={variant === 'table' ? light : undefined}
      aria-label={name ?? `Color ${light ?? ''}`}
      style={{ '--op-swatch': light, '--op-swatch-dark': dark ?? light } as CSSProperties}
    >
      <span className="op-color-swatch" aria-hidden="true" />
      {variant === 'compact' && name ? <span className="op-color-name">{name}</span> : null}
      {variant === 'compact' ? <ThemedValue light={light} dark={dark} /> : null}
    </button>
  );
}

/** `<Color.Row title>`: one labelled row of a table palette. */
function ColorRow(props: MdxProps): ReactNode {
  const title = str(props['title']);
  return (
    <div className="op-color-row color-row">
      {title ? (
        <div className="op-color-row-title" title={title}>
          {title}
        </div>
      ) : null}
      <div className="op-color-items">{props.children}</div>
    </div>
  );
}

/** `<Color variant="compact|table">` with `<Color.Row title>` and `<Color.Item name value>`; click copies. */
export const Color = Object.assign(
  function Color(props: MdxProps): ReactNode {
    const variant: Variant = str(props['variant']) === 'table' ? 'table' : 'compact';
    return (
      <VariantContext.Provider value={variant}>
        <div className={`op-color color op-color-${variant}`}>{props.children}</div>
      </VariantContext.Provider>
    );
  },
  { Row: ColorRow, Item: ColorItem },
);
