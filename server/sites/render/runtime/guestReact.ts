/**
 * React as project code sees it. Markdown and JSX in a page's content go through the MDX components
 * map (components.tsx), but JSX inside a project's own components (`export const X = () => <meta .../>`,
 * `.jsx` snippets) calls the JSX runtime directly. So the runtime handed to project code applies the same
 * rules to every element it makes: `<script>`, `<base>` and `<meta http-equiv>` become the components
 * that render them as nothing (with a warning); an `<iframe>` is the component a page's own iframe is (a
 * remote embed, which an offline reader cannot load, becomes a link to it); an `<img>` of a remote or
 * missing image is its packed copy or placeholder (html.tsx's ComponentImg); and attributes that would
 * run code or write a document (`on*`, `srcdoc`) are dropped. Raw HTML (`dangerouslySetInnerHTML`) is
 * made into elements by the same rules (rawHtml.ts), as Mintlify shows it.
 */
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { Base, ComponentImg, Iframe, Meta, Script } from '../components/html.js';
import { rawHtmlChildren } from './rawHtml.js';

/** Attributes content never gets to set: event handlers, inline documents, raw HTML. */
const ACTIVE_PROP = /^(on.+|srcdoc|dangerouslysetinnerhtml|formaction)$/i;

const REPLACED_TAGS: Readonly<Record<string, unknown>> = {
  script: Script,
  base: Base,
  meta: Meta,
  iframe: Iframe,
  img: ComponentImg,
};

function safeProps(props: unknown): unknown {
  if (typeof props !== 'object' || props === null) return props;
  const keys = Object.keys(props);
  if (!keys.some((key) => ACTIVE_PROP.test(key))) return props;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (!ACTIVE_PROP.test(key)) out[key] = Reflect.get(props, key);
  return out;
}

/** The `__html` string of a `dangerouslySetInnerHTML` prop, if it is one. */
function rawHtml(props: object): string | undefined {
  const value: unknown = Reflect.get(props, 'dangerouslySetInnerHTML');
  if (typeof value !== 'object' || value === null) return undefined;
  const html: unknown = Reflect.get(value, '__html');
  return typeof html === 'string' ? html : undefined;
}

/**
 * `props` with raw HTML for a host element given as children made by the guarded runtime: the text of a
 * `<style>`, else elements. A replaced tag (`<script>`) keeps none: it renders nothing anyway.
 */
function withRawHtml(type: unknown, props: unknown): unknown {
  if (typeof props !== 'object' || props === null) return props;
  const html = rawHtml(props);
  if (html === undefined || typeof type !== 'string' || type.toLowerCase() in REPLACED_TAGS) return props;
  const children = type.toLowerCase() === 'style' ? html : rawHtmlChildren(html, (t, p, k) => guestJsx(t, p, k));
  return { ...props, children };
}

function safeType(type: unknown): unknown {
  return typeof type === 'string' ? (REPLACED_TAGS[type.toLowerCase()] ?? type) : type;
}

type ElementFactory = (type: never, props: never, ...rest: never[]) => unknown;

function guarded(make: ElementFactory): (type: unknown, props: unknown, ...rest: unknown[]) => unknown {
  return (type, props, ...rest): unknown => {
    const element: unknown = Reflect.apply(make, undefined, [
      safeType(type),
      safeProps(withRawHtml(type, props)),
      ...rest,
    ]);
    return element;
  };
}

const guestJsx = guarded(jsxRuntime.jsx);

/** `react/jsx-runtime` for project code. */
export const GUEST_JSX_RUNTIME: Readonly<Record<string, unknown>> = {
  ...jsxRuntime,
  jsx: guestJsx,
  jsxs: guarded(jsxRuntime.jsxs),
};

const guestCreateElement = guarded(React.createElement);
const guestCloneElement = (element: unknown, props: unknown, ...rest: unknown[]): unknown =>
  Reflect.apply(React.cloneElement, undefined, [element, safeProps(props), ...rest]);

/** `react` for project code (`React.createElement`, hooks, ...). */
export const GUEST_REACT: Readonly<Record<string, unknown>> = {
  ...React,
  createElement: guestCreateElement,
  cloneElement: guestCloneElement,
};
