/**
 * Feedback over time as stacked bars in plain SVG (a chart library would add tens of kB for one chart),
 * stacked by source or by vote. Screen readers get a one-sentence summary, the legend's totals and a data
 * table; each bar has a tooltip.
 */
import type { FeedbackStats } from '../../api/types.js';
import { plural } from '../../ui/format.js';
import { bucketLabel, layersOf, niceMax, type Layer } from './chartData.js';
import type { Bucket, ChartBy } from './query.js';
import { ScrollBox } from './ScrollBox.js';

/** What the chart shows and its two options. */
export interface FeedbackChartProps {
  readonly stats: FeedbackStats;
  readonly by: ChartBy;
  readonly bucket: Bucket;
  readonly onBy: (by: ChartBy) => void;
  readonly onBucket: (bucket: Bucket) => void;
}

const W = 600;
const H = 160;

function Bars({ stats, layers, max }: { stats: FeedbackStats; layers: readonly Layer[]; max: number }) {
  const slot = W / Math.max(1, stats.series.length);
  const width = Math.max(1, slot * 0.72);
  return (
    <svg className="fb-chart-svg" viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
      {[0.5, 1].map((f) => (
        <line key={f} className="fb-chart-grid" x1="0" x2={W} y1={H - H * f} y2={H - H * f} />
      ))}
      {stats.series.map((point, i) => {
        let y = H;
        return (
          <g key={point.start}>
            <title>{`${bucketLabel(point.start, stats.bucket, true)}: ${plural(point.total, 'entry', 'entries')}`}</title>
            <rect className="fb-chart-hit" x={i * slot} y="0" width={slot} height={H} />
            {layers.map((layer) => {
              const h = (layer.value(point) / max) * H;
              y -= h;
              return h > 0 ? (
                <rect
                  key={layer.key}
                  className={`fb-c-${layer.key}`}
                  x={i * slot + (slot - width) / 2}
                  y={y}
                  width={width}
                  height={h}
                />
              ) : null;
            })}
          </g>
        );
      })}
    </svg>
  );
}

function DataTable({ stats, layers }: { stats: FeedbackStats; layers: readonly Layer[] }) {
  return (
    <details className="fb-chart-data">
      <summary>Show the chart’s data as a table</summary>
      <ScrollBox label="Feedback over time, as a table">
        <table className="table fb-series">
          <thead>
            <tr>
              <th scope="col">{stats.bucket === 'week' ? 'Week of' : 'Day'}</th>
              {layers.map((l) => (
                <th key={l.key} scope="col">
                  {l.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {stats.series.map((p) => (
              <tr key={p.start}>
                <th scope="row">{p.start}</th>
                {layers.map((l) => (
                  <td key={l.key} data-label={l.label}>
                    {l.value(p)}
                  </td>
                ))}
                <td data-label="Total">{p.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </details>
  );
}

function Options(props: FeedbackChartProps) {
  return (
    <div className="fb-chart-options">
      <fieldset className="fb-segmented">
        <legend className="visually-hidden">Stack bars by</legend>
        {(['source', 'vote'] as const).map((by) => (
          <label key={by} className={props.by === by ? 'active' : undefined}>
            <input type="radio" name="chart-by" checked={props.by === by} onChange={() => props.onBy(by)} />
            {by === 'source' ? 'By kind' : 'By vote'}
          </label>
        ))}
      </fieldset>
      <label className="fb-inline-field">
        <span className="visually-hidden">Bar width</span>
        <select
          value={props.bucket}
          onChange={(e) =>
            props.onBucket(e.target.value === 'day' || e.target.value === 'week' ? e.target.value : 'auto')
          }
        >
          <option value="auto">Days or weeks</option>
          <option value="day">Per day</option>
          <option value="week">Per week</option>
        </select>
      </label>
    </div>
  );
}

/** The chart card. */
export function FeedbackChart(props: FeedbackChartProps) {
  const { stats } = props;
  const layers = layersOf(props.by);
  const series = stats.series;
  const first = series[0];
  const last = series[series.length - 1];
  const dated = stats.totals.total - stats.totals.undated;
  const max = niceMax(Math.max(0, ...series.map((p) => p.total)));
  const summary =
    first === undefined || last === undefined
      ? 'No dated feedback in this selection.'
      : `${plural(dated, 'entry', 'entries')} from ${bucketLabel(first.start, 'day', true)} to ${bucketLabel(last.start, 'day', true)}, per ${stats.bucket}.`;
  return (
    <figure className="card fb-chart">
      <div className="fb-card-head">
        <h2 id="fb-chart-title">Feedback over time</h2>
        <Options {...props} />
      </div>
      <div className="fb-chart-plot" role="img" aria-labelledby="fb-chart-title fb-chart-summary">
        <div className="fb-chart-y muted small-text tabular" aria-hidden="true">
          <span>{max}</span>
          <span>{max / 2}</span>
          <span>0</span>
        </div>
        <Bars stats={stats} layers={layers} max={max} />
        {first !== undefined && last !== undefined && (
          <div className="fb-chart-axis muted small-text" aria-hidden="true">
            <span>{bucketLabel(first.start, stats.bucket)}</span>
            <span>{bucketLabel(last.start, stats.bucket)}</span>
          </div>
        )}
      </div>
      <figcaption className="fb-chart-caption">
        <p id="fb-chart-summary" className="muted small-text">
          {summary}
          {stats.totals.undated > 0 && ` ${plural(stats.totals.undated, 'entry has', 'entries have')} no date.`}
        </p>
        <ul className="fb-legend">
          {layers.map((l) => (
            <li key={l.key}>
              <span className={`fb-swatch fb-c-${l.key}`} aria-hidden="true" />
              {l.label} <strong className="tabular">{series.reduce((n, p) => n + l.value(p), 0)}</strong>
            </li>
          ))}
        </ul>
      </figcaption>
      {series.length > 0 && <DataTable stats={stats} layers={layers} />}
    </figure>
  );
}
