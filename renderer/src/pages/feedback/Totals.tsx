/** The totals of what the filter selects: entries, votes and satisfaction, and how many are in each status. */
import type { FeedbackStats } from '../../api/types.js';
import { formatCount } from '../../ui/format.js';
import { STATUS_LABEL, STATUSES } from './model.js';

/** A satisfaction share (`87.5 %`), or an em dash without votes. */
export function formatSatisfaction(value: number | null): string {
  return value === null ? '—' : `${value.toLocaleString(undefined, { maximumFractionDigits: 1 })} %`;
}

/** A strip of figures. */
export function Totals({ totals }: { totals: FeedbackStats['totals'] }) {
  const figures: readonly [string, string][] = [
    ['Entries', formatCount(totals.total)],
    ['Helpful', formatCount(totals.helpful)],
    ['Not helpful', formatCount(totals.notHelpful)],
    ['Satisfaction', formatSatisfaction(totals.satisfaction)],
  ];
  return (
    <section className="fb-totals" aria-label="Totals for this filter">
      <dl className="fb-figures">
        {figures.map(([label, value]) => (
          <div key={label} className="fb-figure">
            <dt>{label}</dt>
            <dd className="tabular">{value}</dd>
          </div>
        ))}
      </dl>
      <dl className="fb-status-counts">
        {STATUSES.map((s) => (
          <div key={s}>
            <dt>
              <span className={`fb-dot fb-status-${s}`} aria-hidden="true" />
              {STATUS_LABEL[s]}
            </dt>
            <dd className="tabular">{formatCount(totals.byStatus[s])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
