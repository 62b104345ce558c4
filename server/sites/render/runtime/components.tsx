/**
 * The component catalogue as MDX sees it: built-ins by name, the HTML overrides passed as MDX
 * `components`, placeholders for unknown names, and the guard that keeps a throwing user component
 * from breaking the page.
 */
import { isValidElement, type ComponentType, type ReactNode } from 'react';
import { CodeBlock, OpCode, OpMermaid } from '../code/CodeBlock.js';
import { Badge } from '../components/badge.js';
import { Callout, Check, Danger, Info, Note, Tip, Warning } from '../components/callouts.js';
import { Accordion, AccordionGroup, Expandable, Step, Steps } from '../components/disclosure.js';
import { ParamField, ResponseField } from '../components/fields.js';
import { Base, headings, Heading, Iframe, Img, Link, Meta, Script, Source, Table, Video } from '../components/html.js';
import { Card, CardGroup, Column, Columns, Frame, GitHub, Panel, Tile } from '../components/layout.js';
import { Color } from '../components/color.js';
import { Prompt, Tooltip, Update, View, Visibility } from '../components/misc.js';
import { CodeGroup, RequestExample, ResponseExample, Tab, Tabs } from '../components/tabs.js';
import { FileTree, Tree } from '../components/tree.js';
import { Graph } from '../components/graph.js';
import { Mention } from '../components/mention.js';
import { Popup, PopupContent, PopupTrigger } from '../components/popup.js';
import { Timeline } from '../components/timeline.js';
import type { MdxProps } from '../components/util.js';
import { Icon } from '../icons/Icon.js';
import { isBuiltinName, type BuiltinName } from './builtinNames.js';
import { useRenderState } from './state.js';
import { thrownMessage } from './guest.js';
import { FAILED_COMPONENT_LIMITS } from '../types.js';

type Component = ComponentType<MdxProps>;

/** Mintlify's built-in components (no import needed in pages), one per name of builtinNames.ts. */
export const BUILTINS: Readonly<Record<BuiltinName, Component>> = {
  Note,
  Info,
  Tip,
  Warning,
  Check,
  Danger,
  Callout,
  Steps,
  Step,
  Frame,
  CodeGroup,
  Accordion,
  AccordionGroup,
  Expandable,
  ResponseField,
  ParamField,
  Card,
  CardGroup,
  Columns,
  Column,
  Icon,
  Tabs,
  Tab,
  Badge,
  Tooltip,
  Update,
  Tree,
  FileTree,
  Tile,
  Panel,
  RequestExample,
  ResponseExample,
  Prompt,
  View,
  Visibility,
  Color,
  CodeBlock,
  Heading,
  GitHub,
  Mention,
  Timeline,
  Popup,
  PopupTrigger,
  PopupContent,
  Graph,
  Link,
};

/** Element overrides for Markdown output and lower-case JSX, plus our internal fence elements. */
export const HTML_COMPONENTS: Readonly<Record<string, ComponentType<never>>> = {
  ...headings,
  img: Img,
  video: Video,
  iframe: Iframe,
  source: Source,
  a: Link,
  table: Table,
  script: Script,
  meta: Meta,
  base: Base,
  OpCode,
  OpMermaid,
};

/** Children an unknown component can render: anything React accepts, else nothing. */
function renderable(children: unknown): ReactNode {
  if (children === null || children === undefined || typeof children === 'boolean') return null;
  if (typeof children === 'string' || typeof children === 'number' || isValidElement(children)) return children;
  if (Array.isArray(children)) return children.map(renderable);
  return null;
}

const unknownCache = new Map<string, Component>();

/**
 * A stand-in for a component nobody defined: renders its children and reports its name. Member access
 * (`<Radix.Popover.Trigger>`) yields further stand-ins.
 */
export function unknownComponent(name: string): Component {
  const cached = unknownCache.get(name);
  if (cached) return cached;
  const Unknown = (props: MdxProps): ReactNode => {
    useRenderState().unknownComponents.add(name);
    return <>{renderable(props.children)}</>;
  };
  Unknown.displayName = name;
  const proxy = new Proxy(Unknown, {
    get(target, property, receiver): unknown {
      if (typeof property === 'string' && /^[A-Z]/.test(property) && !(property in target)) {
        return unknownComponent(`${name}.${property}`);
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  unknownCache.set(name, proxy);
  return proxy;
}

/** The component MDX should use for a JSX name no file declared. */
export function componentFor(name: string): Component {
  return isBuiltinName(name) ? BUILTINS[name] : unknownComponent(name);
}

/** The guards {@link guardComponent} made: a snippet's export is guarded once, where it is declared. */
const guards = new WeakSet<object>();

/**
 * Wraps an author-written function component so that an exception while rendering it becomes a warning
 * and renders nothing, instead of failing the whole page. Classes and non-functions pass through. The
 * guard keeps the component's name, and a guard is not guarded again (a snippet's export, guarded where
 * it is declared, is the same function where a page imports it): a parent that finds its children by
 * `child.type.name` or `child.type === Title` finds them, as on Mintlify (twenty's TranslatableCard).
 */
export function guardComponent(component: unknown, name: string): unknown {
  if (typeof component !== 'function' || guards.has(component)) return component;
  const proto = (component as { prototype?: { isReactComponent?: unknown } }).prototype;
  if (proto?.isReactComponent) return component;
  const render = component as (props: MdxProps) => ReactNode;
  const Guarded = (props: MdxProps): ReactNode => {
    const state = useRenderState();
    try {
      return render(props);
    } catch (error) {
      const reason = thrownMessage(error);
      state.warnings.push(`component ${name} failed: ${reason}`);
      if (!state.failedComponents.has(name)) state.failedComponents.set(name, firstLine(reason));
      return null;
    }
  };
  Guarded.displayName = name;
  // An arrow function guarded where it is declared has no name of its own: it takes the declared one.
  Object.defineProperty(Guarded, 'name', { value: component.name === '' ? name : component.name });
  guards.add(Guarded);
  return Object.assign(Guarded, component);
}

/** The first line of what a component threw, bounded: the import report quotes it, a stack need not fit. */
function firstLine(reason: string): string {
  // eslint-disable-next-line no-control-regex -- control characters go: terminals print the line, project code chose it
  const line = (reason.split('\n', 1)[0] ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim();
  return line.length > FAILED_COMPONENT_LIMITS.reason ? `${line.slice(0, FAILED_COMPONENT_LIMITS.reason - 1)}…` : line;
}
