/** ResponseField and ParamField rows. */
import type { ReactNode } from 'react';
import { useRenderState } from '../runtime/state.js';
import { bool, str, strings, type MdxProps } from './util.js';

const LOCATIONS = ['query', 'path', 'body', 'header', 'cookie'] as const;

function defaultText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
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
  return (
    <div className="op-field" data-op-field={props.kind} id={anchor}>
      <div className="op-field-head">
        {strings(p['pre']).map((pill) => (
          <span key={`pre-${pill}`} className="op-field-pill">
            {pill}
          </span>
        ))}
        <span className="op-field-name">{props.name}</span>
        {props.location ? <span className="op-field-location">{props.location}</span> : null}
        {type ? <span className="op-field-type">{type}</span> : null}
        {strings(p['post']).map((pill) => (
          <span key={`post-${pill}`} className="op-field-pill">
            {pill}
          </span>
        ))}
        {bool(p['required']) ? <span className="op-field-required">required</span> : null}
        {bool(p['deprecated']) ? <span className="op-field-deprecated">deprecated</span> : null}
        {fallback !== undefined ? (
          <span className="op-field-default">
            default: <code>{fallback}</code>
          </span>
        ) : null}
        {placeholder ? <span className="op-field-placeholder">example: {placeholder}</span> : null}
      </div>
      {p.children !== undefined ? <div className="op-field-body">{p.children}</div> : null}
    </div>
  );
}

/** `<ResponseField name type required deprecated default pre post>` */
export function ResponseField(props: MdxProps): ReactNode {
  return <FieldRow kind="response" name={str(props['name']) ?? ''} source={props} />;
}

/** `<ParamField query|path|body|header="name" type required deprecated default placeholder>` */
export function ParamField(props: MdxProps): ReactNode {
  const location = LOCATIONS.find((l) => str(props[l]) !== undefined);
  const name = location ? (str(props[location]) ?? '') : (str(props['name']) ?? '');
  return <FieldRow kind="param" name={name} location={location} source={props} />;
}
