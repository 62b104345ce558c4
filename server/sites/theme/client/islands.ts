/**
 * Brings a page's interactive components to life (render/DOM.md, "Islands"): the page's own script
 * (`/_offprint/islands/<page>.js`, deferred before this one) queued a function that defines them; each
 * outermost `[data-op-island]` marker the server rendered is handed to React with the component it names
 * and the props it carries. The marker keeps the server's markup until React replaces it with the same,
 * and gets it back if the component fails in the browser. Loaded only by pages that have islands, and
 * only where the site allows the project's components to run (setting `allowedScripts`: `components`).
 */
import * as React from 'react';
import { createRoot } from 'react-dom/client';

type Definitions = (exports: Record<string, unknown>, ...globals: unknown[]) => void;

/** What a page's components see as globals, in the order its script's function takes them. */
const GLOBALS: readonly unknown[] = [
  React,
  React.useState,
  React.useEffect,
  React.useRef,
  React.useCallback,
  React.useMemo,
  React.useContext,
  React.useReducer,
];

/** The components the page's scripts define, by name. */
function definedComponents(queue: readonly unknown[]): Map<string, React.ComponentType<Record<string, unknown>>> {
  const components = new Map<string, React.ComponentType<Record<string, unknown>>>();
  for (const define of queue) {
    if (typeof define !== 'function') continue;
    const exports: Record<string, unknown> = {};
    try {
      (define as Definitions)(exports, ...GLOBALS);
    } catch (error) {
      // The browser's console is where a page's script errors go (the export's egress check lists them).
      // eslint-disable-next-line no-console
      console.error("Offprint: the page's components could not be defined in the browser", error);
    }
    for (const [name, value] of Object.entries(exports)) {
      if (typeof value === 'function') components.set(name, value as React.ComponentType<Record<string, unknown>>);
    }
  }
  return components;
}

function propsOf(marker: HTMLElement): Record<string, unknown> | null {
  try {
    const props: unknown = JSON.parse(marker.dataset['opProps'] ?? '{}');
    return typeof props === 'object' && props !== null && !Array.isArray(props)
      ? (props as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** Runs `component` in `marker`; on an error in the browser, the server's markup comes back. */
function mount(
  marker: HTMLElement,
  component: React.ComponentType<Record<string, unknown>>,
  props: Record<string, unknown>,
): void {
  const rendered = marker.innerHTML;
  const name = marker.dataset['opIsland'] ?? 'a component';
  const root = createRoot(marker, {
    onUncaughtError: (error) => {
      // eslint-disable-next-line no-console -- as above: the author, and the egress check, read the console
      console.error(`Offprint: ${name} failed in the browser; it shows what the server rendered`, error);
      setTimeout(() => {
        root.unmount();
        marker.innerHTML = rendered;
      });
    },
  });
  root.render(React.createElement(component, props));
  marker.dataset['opIslandState'] = 'live';
}

function start(): void {
  const holder = self as { __opIslands?: unknown };
  const queue = Array.isArray(holder.__opIslands) ? holder.__opIslands : [];
  const components = definedComponents(queue);
  for (const marker of document.querySelectorAll<HTMLElement>('[data-op-island]')) {
    // A component inside another one is run by it.
    if (marker.parentElement?.closest('[data-op-island]')) continue;
    const component = components.get(marker.dataset['opIsland'] ?? '');
    const props = propsOf(marker);
    if (component !== undefined && props !== null) mount(marker, component, props);
  }
}

start();
