/**
 * mint.json anchor colours (format reference §1.6): `colors.anchors`, the default of every anchor, and an
 * anchor's own `color`. Either may be one colour or a gradient `{from, via?, to}`; both become the CSS
 * value of the anchor's docs.json colour. They are read leniently: a bad value is reported and ignored,
 * as the site can be served without it.
 */
import { z } from 'zod';
import { cssColor, cssGradient } from './cssColor.js';
import type { ConfigIssue } from './navigationSchema.js';
import type { LegacyConfig } from './legacySchema.js';

const GradientSchema = z.looseObject({ from: z.string(), to: z.string(), via: z.string().optional() });

/** A mint.json colour converted: its CSS value, or why it is ignored (`at`: the bad gradient stop). */
type Paint = { readonly css: string } | { readonly problem: string; readonly at?: string };

function found(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/** The CSS value of a mint.json colour value (one colour or `{from, via?, to}`), or why it is not one. */
function paint(value: unknown): Paint {
  if (typeof value === 'string') {
    const css = cssColor(value);
    return css === undefined ? { problem: `must be a colour, found ${found(value)}` } : { css };
  }
  const gradient = GradientSchema.safeParse(value);
  if (!gradient.success) {
    return { problem: `must be a colour or {"from": ..., "to": ...}, found ${found(value)}` };
  }
  const { from, via, to } = gradient.data;
  const stops = Object.entries({ from, via, to }).filter((e): e is [string, string] => e[1] !== undefined);
  const bad = stops.find(([, stop]) => cssColor(stop) === undefined);
  if (bad !== undefined) return { problem: `must be a colour, found ${found(bad[1])}`, at: bad[0] };
  // Every stop is a colour, so this is defined; cssGradient checks again as it writes CSS.
  const css = cssGradient(stops.map(([, stop]) => stop));
  return css === undefined ? { problem: 'must be a gradient of colours' } : { css };
}

/** The CSS value of a mint.json colour, undefined when it is absent or not valid (see {@link anchorColorIssues}). */
export function legacyPaint(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const converted = paint(value);
  return 'css' in converted ? converted.css : undefined;
}

/**
 * The anchor colours of a mint.json that are ignored, each with its key path and why: the converter
 * leaves them out (`legacyPaint`), and the import reports them.
 */
export function anchorColorIssues(mint: LegacyConfig): ConfigIssue[] {
  const values: [readonly PropertyKey[], unknown][] = [
    [['colors', 'anchors'], mint.colors.anchors],
    ...(mint.anchors ?? []).map((a, i): [readonly PropertyKey[], unknown] => [['anchors', i, 'color'], a.color]),
  ];
  return values.flatMap(([path, value]) => {
    if (value === undefined) return [];
    const converted = paint(value);
    if (!('problem' in converted)) return [];
    const at = converted.at === undefined ? path : [...path, converted.at];
    return [{ path: at, message: `${converted.problem}; ignored, the default anchor colour is used` }];
  });
}
