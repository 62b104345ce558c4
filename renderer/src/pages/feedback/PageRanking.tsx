/**
 * Pages with the most feedback for the filter, with their votes and satisfaction; a page's name filters
 * the view to that page.
 */
import type { FeedbackStats } from '../../api/types.js';
import { formatSatisfaction } from './Totals.js';
import { ScrollBox } from './ScrollBox.js';

/** The ranking card; nothing when no page has feedback. */
export function PageRanking(props: { stats: FeedbackStats; onPick: (path: string) => void }) {
  const { pages } = props.stats;
  if (pages.length === 0) return null;
  return (
    <section className="card fb-ranking" aria-labelledby="fb-ranking-title">
      <div className="fb-card-head">
        <h2 id="fb-ranking-title">Pages with the most feedback</h2>
        {props.stats.pagesHasMore && <span className="muted small-text">Top {pages.length}</span>}
      </div>
      <ScrollBox label="Pages with the most feedback">
        <table className="table fb-ranking-table">
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Entries</th>
              <th scope="col">Helpful</th>
              <th scope="col">Not helpful</th>
              <th scope="col">Code</th>
              <th scope="col">Satisfaction</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((p) => (
              <tr key={p.path}>
                <td data-label="Page">
                  <button type="button" className="fb-link" onClick={() => props.onPick(p.path)}>
                    <code className="path">{p.path}</code>
                    <span className="visually-hidden"> (show only this page)</span>
                  </button>
                </td>
                <td data-label="Entries" className="tabular">
                  {p.total}
                </td>
                <td data-label="Helpful" className="tabular">
                  {p.helpful}
                </td>
                <td data-label="Not helpful" className="tabular">
                  {p.notHelpful}
                </td>
                <td data-label="Code" className="tabular">
                  {p.code}
                </td>
                <td data-label="Satisfaction" className="fb-satisfaction">
                  <span className="tabular">{formatSatisfaction(p.satisfaction)}</span>
                  {p.satisfaction !== null && (
                    <span className="fb-meter" aria-hidden="true">
                      <span style={{ width: `${p.satisfaction}%` }} />
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
