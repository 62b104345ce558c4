/** ResponseField and ParamField rows. */
import { createContext, isValidElement, useContext, type ReactNode } from 'react';
import { useRenderState, type RenderState } from '../runtime/state.js';
import { ENDPOINT_FIELD_LIMITS as LIMITS } from '../types.js';
import { bool, str, strings, type MdxProps } from './util.js';

const LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;

/**
 * A default as the field head shows it: an empty string as `""` (else the pill reads "default:" and
 * nothing), and none for an object holding objects (Mintlify leaves those out: they read badly on one line).
 */
function defaultText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === '') return '""';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && Object.values(value).some((v) => v !== null && typeof v === 'object')) {
    return undefined;
  }
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

/**
 * The head's parts with a space between each: the head is a flex row, which draws no whitespace between its
 * items, but the page text (the search index and its excerpts, copied text) reads "limit number query"
 * instead of "limitnumberquery", where a search for "query" or "number" found no word.
 */
function spaced(parts: readonly ReactNode[]): ReactNode[] {
  return parts.filter((part) => part !== null).flatMap((part, i) => (i === 0 ? [part] : [' ', part]));
}

function FieldRow(props: {
  kind: 'param' | 'response';
  name: string;
  location?: string | undefined;
  source: MdxProps;
}): ReactNode {
  const state = useRenderState();
  const p = props.source;
  const anchor = props.name ? state.fieldAnchor(props.name) : undefined;
  const type = str(p['type']);
  const fallback = defaultText(p['default']);
  const placeholder = str(p['placeholder']);
  const parts: ReactNode[] = [
    ...strings(p['pre']).map((pill) => (
      <span key={`pre-${pill}`} className="op-field-pill">
        {pill}
      </span>
    )),
    <span key="name" className="op-field-name">
      {props.name}
    </span>,
    type ? (
      <span key="type" className="op-field-type">
        {type}
      </span>
    ) : null,
    props.location ? (
      <span key="location" className="op-field-location">
        {props.location}
      </span>
    ) : null,
    fallback !== undefined ? (
      <span key="default" className="op-field-default">
        default: <code>{fallback}</code>
      </span>
    ) : null,
    bool(p['required']) ? (
      <span key="required" className="op-field-required">
        required
      </span>
    ) : null,
    bool(p['deprecated']) ? (
      <span key="deprecated" className="op-field-deprecated">
        deprecated
      </span>
    ) : null,
    ...strings(p['post']).map((pill) => (
      <span key={`post-${pill}`} className="op-field-pill">
        {pill}
      </span>
    )),
    placeholder ? (
      <span key="placeholder" className="op-field-placeholder">
        example: {placeholder}
      </span>
    ) : null,
  ];
  return (
    <div className="op-field field" data-op-field={props.kind} id={anchor}>
      <div className="op-field-head">{spaced(parts)}</div>
      {p.children !== undefined ? <div className="op-field-body">{p.children}</div> : null}
    </div>
  );
}

/** `<ResponseField name type required deprecated default pre post hidden>`; a `hidden` one is not shown. */
export function ResponseField(props: MdxProps): ReactNode {
  if (bool(props['hidden'])) return null;
  return <FieldRow kind="response" name={str(props['name']) ?? ''} source={props} />;
}

/** The names of the ParamFields a ParamField is written inside (an object's properties), outermost first. */
const ParentFields = createContext<readonly string[]>([]);

/**
 * `value` when it is plain data (`default={10}`, `default={["a"]}`), else undefined: it crosses to the
 * server as a message, where an element or a function cannot go.
 */
function plainData(value: unknown, depth = 0): unknown {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (depth > 4 || value === null || typeof value !== 'object' || isValidElement(value)) return undefined;
  if (Array.isArray(value)) return value.map((item: unknown) => plainData(item, depth + 1) ?? null);
  if (Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainData(v, depth + 1) ?? null]));
}

/** Whether a field fits what the server takes (ENDPOINT_FIELD_LIMITS); one past them is left out. */
function fits(state: RenderState, name: string, parents: readonly string[], type: string | undefined): boolean {
  return (
    state.endpointFields.length < LIMITS.fields &&
    name.length <= LIMITS.name &&
    parents.length <= LIMITS.depth &&
    parents.every((parent) => parent.length <= LIMITS.name) &&
    (type === undefined || type.length <= LIMITS.type)
  );
}

/** Keeps a located ParamField for the page's generated request example (theme/endpoint/mdxSamples.ts). */
function recordField(
  state: RenderState,
  location: (typeof LOCATIONS)[number],
  name: string,
  parents: readonly string[],
  p: MdxProps,
): void {
  const type = str(p['type']);
  if (!fits(state, name, parents, type)) return;
  const placeholder = str(p['placeholder']);
  const fallback = plainData(p['default']);
  state.endpointFields.push({
    location,
    name,
    parents,
    required: bool(p['required']),
    ...(type === undefined ? {} : { type }),
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(placeholder === undefined || placeholder.length > LIMITS.placeholder ? {} : { placeholder }),
  });
}

/**
 * `<ParamField query|path|body|header="name" type required deprecated default placeholder hidden>`; a
 * `hidden` one is neither shown nor put in the request example, as in Mintlify.
 */
export function ParamField(props: MdxProps): ReactNode {
  return bool(props['hidden']) ? null : <ShownParamField {...props} />;
}

/** A ParamField that is not hidden: its row, and its record for the request example. */
function ShownParamField(props: MdxProps): ReactNode {
  const state = useRenderState();
  const parents = useContext(ParentFields);
  const location = LOCATIONS.find((l) => str(props[l]) !== undefined);
  const name = location ? (str(props[location]) ?? '') : (str(props['name']) ?? '');
  if (location && name) recordField(state, location, name, parents, props);
  return (
    <ParentFields.Provider value={[...parents, name]}>
      <FieldRow kind="param" name={name} location={location} source={props} />
    </ParentFields.Provider>
  );
}
