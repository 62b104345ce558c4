/**
 * Where a page's interactive components (compile/islands.ts) are used: each use is rendered inside a
 * marker, `<span class="op-island" data-op-island="Counter" data-op-props="{...}">`, which the theme's
 * islands script finds in the browser and runs the component in, from the page's code, with the same
 * props. Only props the browser can be given as JSON make a marker (text, numbers, lists...); a use
 * with elements or functions for props stays as the server rendered it.
 */
import type { ComponentType, ReactNode } from 'react';
import { guardComponent } from './components.js';
import { useRenderState } from './state.js';

/** Props longer than this as JSON stay on the server (a marker is an attribute of the page). */
const MAX_PROPS_JSON = 32_000;

/** True for a React element (`$$typeof`), which JSON would turn into a meaningless object. */
function isElement(value: object): boolean {
  return Object.prototype.hasOwnProperty.call(value, '$$typeof');
}

/** `props` as JSON, or null when a value is not data (a function, an element) or it is too long. */
function propsJson(props: Readonly<Record<string, unknown>>): string | null {
  let data = true;
  let json: string | undefined;
  try {
    json = JSON.stringify(props, (_key, value: unknown) => {
      if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') data = false;
      else if (typeof value === 'object' && value !== null && isElement(value)) data = false;
      return data ? value : undefined;
    });
  } catch {
    return null;
  }
  return data && json !== undefined && json.length <= MAX_PROPS_JSON ? json : null;
}

/**
 * Component `name` of the page (or `<path>#<export>` of script snippet `module`), rendered inside its
 * island marker (guarded like every page component).
 */
export function islandComponent(
  name: string,
  component: unknown,
  module?: { readonly path: string; readonly source: string },
): unknown {
  if (typeof component !== 'function') return component;
  // Problems name the component as its author wrote it: `Counter`, not `snippets/counter.jsx#Counter`.
  const written = name.slice(name.indexOf('#') + 1);
  const Inner = guardComponent(component, written) as ComponentType<Record<string, unknown>>;
  const Island = (props: Record<string, unknown>): ReactNode => {
    const state = useRenderState();
    const json = propsJson(props);
    if (json === null) return <Inner {...props} />;
    state.islands.add(name);
    if (module !== undefined) state.islandModules.set(module.path, module.source);
    return (
      <span className="op-island" data-op-island={name} data-op-props={json}>
        <Inner {...props} />
      </span>
    );
  };
  Island.displayName = written;
  return Island;
}
