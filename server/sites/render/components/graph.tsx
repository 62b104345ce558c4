/**
 * `<Graph type title xKey yKey height color stacked showLegend showGrid>{data}</Graph>`: Mintlify's charts
 * (line, area, bar, pie, donut) drawn as static SVG at render time, so they need no script offline.
 */
import type { ReactNode } from 'react';
import { graphData, PALETTE, valueOf, type GraphData, type Row } from './graphData.js';
import { bool, num, str, type MdxProps } from './util.js';

const WIDTH = 640;
const PAD = { left: 48, right: 16, top: 16, bottom: 32 };

/** A round axis maximum at or above `max` (1, 2, 2.5 or 5 times a power of ten). */
function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= max) ?? 10) * power;
}

const label = (row: Row, key: string | undefined): string => (key === undefined ? '' : (str(row[key]) ?? ''));

/** Line, area and bar charts: a value axis with grid lines, one label per row below. */
function cartesian(data: GraphData, type: string, height: number, stacked: boolean, grid: boolean): ReactNode[] {
  const { rows, series, xKey } = data;
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const sums = rows.map((r) => series.reduce((t, s) => t + Math.max(0, valueOf(r, s.key) ?? 0), 0));
  const peaks = rows.map((r) => Math.max(0, ...series.map((s) => valueOf(r, s.key) ?? 0)));
  const max = niceMax(Math.max(0, ...(stacked ? sums : peaks)));
  const y = (v: number): number => PAD.top + plotH * (1 - v / max);
  const band = plotW / Math.max(rows.length, 1);
  const x = (i: number): number => PAD.left + band * (i + 0.5);
  const out: ReactNode[] = [];
  for (let k = 0; k <= 4; k++) {
    const v = (max * k) / 4;
    if (grid || k === 0)
      out.push(
        <line key={`g${k}`} className="op-graph-grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(v)} y2={y(v)} />,
      );
    out.push(
      <text key={`t${k}`} className="op-graph-tick" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
        {Number(v.toPrecision(4)).toLocaleString('en-US')}
      </text>,
    );
  }
  rows.forEach((r, i) =>
    out.push(
      <text key={`x${i}`} className="op-graph-tick" x={x(i)} y={height - 10} textAnchor="middle">
        {label(r, xKey)}
      </text>,
    ),
  );
  if (type === 'bar') {
    const group = band * 0.7;
    rows.forEach((r, i) => {
      let base = 0;
      series.forEach((s, j) => {
        const v = Math.max(0, valueOf(r, s.key) ?? 0);
        const w = stacked ? group : group / series.length;
        const left = x(i) - group / 2 + (stacked ? 0 : w * j);
        const top = y(base + v);
        out.push(
          <rect
            key={`b${i}-${j}`}
            x={left}
            y={top}
            width={Math.max(w - 1, 1)}
            height={y(base) - top}
            fill={s.color}
            rx={2}
          />,
        );
        if (stacked) base += v;
      });
    });
    return out;
  }
  const below = rows.map(() => 0);
  series.forEach((s, j) => {
    const tops = rows.map((r, i) => (stacked && type === 'area' ? (below[i] ?? 0) : 0) + (valueOf(r, s.key) ?? 0));
    const points = tops.map((v, i) => `${x(i)},${y(v)}`).join(' ');
    if (type === 'area') {
      const floor = [...rows.keys()]
        .reverse()
        .map((i) => `${x(i)},${y(stacked ? (below[i] ?? 0) : 0)}`)
        .join(' ');
      out.push(<polygon key={`a${j}`} points={`${points} ${floor}`} fill={s.color} fillOpacity={0.2} />);
    }
    out.push(<polyline key={`l${j}`} points={points} fill="none" stroke={s.color} strokeWidth={2} />);
    tops.forEach((v, i) => (below[i] = v));
  });
  return out;
}

/** Pie and donut charts: one slice per row, sized by the first series. */
function pie(data: GraphData, height: number, donut: boolean): ReactNode[] {
  const key = data.series[0]?.key;
  const values = data.rows.map((r) => (key === undefined ? 0 : Math.max(0, valueOf(r, key) ?? 0)));
  const total = values.reduce((a, b) => a + b, 0) || 1;
  const r = height / 2 - 16;
  const [cx, cy] = [WIDTH / 2, height / 2];
  let angle = -Math.PI / 2;
  const out = values.map((v, i) => {
    const sweep = (v / total) * Math.PI * 2;
    const end = angle + Math.min(sweep, Math.PI * 2 - 1e-4);
    const at = (a: number): string => `${cx + r * Math.cos(a)} ${cy + r * Math.sin(a)}`;
    const d = `M ${cx} ${cy} L ${at(angle)} A ${r} ${r} 0 ${sweep > Math.PI ? 1 : 0} 1 ${at(end)} Z`;
    angle += sweep;
    return <path key={`p${i}`} d={d} fill={PALETTE[i % PALETTE.length]} />;
  });
  if (donut) out.push(<circle key="hole" className="op-graph-hole" cx={cx} cy={cy} r={r * 0.6} />);
  return out;
}

/** The legend: the series of a line, area or bar chart with more than one, or a pie's slices. */
function legend(data: GraphData, round: boolean): ReactNode {
  const items = round
    ? data.rows.map((r, i) => ({ text: label(r, data.xKey), color: PALETTE[i % PALETTE.length] }))
    : data.series.map((s) => ({ text: s.label, color: s.color }));
  if (items.length < (round ? 1 : 2)) return null;
  return (
    <ul className="op-graph-legend">
      {items.map((item, i) => (
        <li key={i}>
          <span className="op-graph-swatch" style={{ background: item.color }} />
          {item.text}
        </li>
      ))}
    </ul>
  );
}

/** `<Graph>`: its title, the chart, and its legend. Without data it renders nothing. */
export function Graph(props: MdxProps): ReactNode {
  const data = graphData(props);
  if (data.rows.length === 0 || data.series.length === 0) return null;
  const type = str(props['type']) ?? 'line';
  const round = type === 'pie' || type === 'donut';
  const height = Math.min(Math.max(num(props['height'], 300), 120), 1200);
  const title = str(props['title']);
  const shapes = round
    ? pie(data, height, type === 'donut')
    : cartesian(data, type, height, bool(props['stacked']), props['showGrid'] === undefined || bool(props['showGrid']));
  return (
    <figure className="op-graph" data-op-graph={type}>
      {title ? <figcaption className="op-graph-title">{title}</figcaption> : null}
      <svg className="op-graph-svg" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={title ?? `${type} chart`}>
        {shapes}
      </svg>
      {props['showLegend'] === undefined || bool(props['showLegend']) ? legend(data, round) : null}
    </figure>
  );
}
