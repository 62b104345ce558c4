/** Reader feedback of a project: filters, newest-first list with "load more", and per-page counts. */
import { useEffect, useState } from 'react';
import { ApiError, type ApiClient, type FeedbackByPage, type FeedbackEntry, type Project } from '../api.js';
import { ErrorNote } from './ErrorNote.js';
import { FeedbackFilters, filtersToQuery, NO_FILTERS, type Filters } from './FeedbackFilters.js';

function detail(entry: FeedbackEntry): string {
  if (entry.source === 'contextual') return entry.helpful ? 'Helpful' : 'Not helpful';
  if (entry.source === 'code_snippet') return [entry.filename, entry.lang].filter(Boolean).join(' · ') || 'Code block';
  return entry.source === 'agent' ? 'Agent' : 'Vote';
}

/** The feedback page. */
export function FeedbackPage({ api, onUnauthorized }: { api: ApiClient; onUnauthorized: () => void }) {
  const [projects, setProjects] = useState<Project[]>([]);
  const [projectId, setProjectId] = useState<string>('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [entries, setEntries] = useState<FeedbackEntry[]>([]);
  const [byPage, setByPage] = useState<FeedbackByPage | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const fail = (e: unknown) => {
    if (e instanceof ApiError && e.status === 401) onUnauthorized();
    setError(e);
    setLoading(false);
  };

  useEffect(() => {
    api
      .projects()
      .then((r) => {
        setProjects(r.projects);
        setProjectId((current) => current || (r.projects[0]?.projectId ?? ''));
      })
      .catch(fail);
  }, [api]);

  useEffect(() => {
    if (projectId === '') return;
    setLoading(true);
    setError(null);
    const query = filtersToQuery(filters);
    Promise.all([api.feedback(projectId, query), api.feedbackByPage(projectId, query)])
      .then(([page, pages]) => {
        setEntries(page.feedback);
        setCursor(page.nextCursor);
        setByPage(pages);
        setLoading(false);
      })
      .catch(fail);
  }, [api, projectId, filters]);

  const loadMore = () => {
    if (cursor === null) return;
    const query = filtersToQuery(filters);
    query.set('cursor', cursor);
    setLoading(true);
    api
      .feedback(projectId, query)
      .then((page) => {
        setEntries((current) => [...current, ...page.feedback]);
        setCursor(page.nextCursor);
        setLoading(false);
      })
      .catch(fail);
  };

  return (
    <section>
      <h1>Feedback</h1>
      <div className="toolbar">
        <label>
          Project{' '}
          <select value={projectId} onChange={(e) => setProjectId(e.target.value)}>
            {projects.map((p) => (
              <option key={p.projectId} value={p.projectId}>
                {p.name} ({p.domain})
              </option>
            ))}
          </select>
        </label>
        <FeedbackFilters value={filters} onChange={setFilters} />
      </div>
      <ErrorNote error={error} />
      {byPage !== null && byPage.feedback.length > 0 && (
        <details className="card">
          <summary>Pages with the most feedback</summary>
          <table>
            <thead>
              <tr>
                <th>Path</th>
                <th>👍</th>
                <th>👎</th>
                <th>Code</th>
                <th>Total</th>
              </tr>
            </thead>
            <tbody>
              {byPage.feedback.map((p) => (
                <tr key={p.path}>
                  <td>{p.path}</td>
                  <td>{p.thumbsUp}</td>
                  <td>{p.thumbsDown}</td>
                  <td>{p.code}</td>
                  <td>{p.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
      {entries.length === 0 && !loading ? (
        <p className="muted">No feedback matches these filters.</p>
      ) : (
        <table className="feedback">
          <thead>
            <tr>
              <th>When</th>
              <th>Page</th>
              <th>Kind</th>
              <th>Comment</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{e.createdAt === null ? '—' : new Date(e.createdAt).toLocaleString()}</td>
                <td>{e.path}</td>
                <td>
                  <span className={`badge ${e.source}`}>{e.source.replace('_', ' ')}</span> {detail(e)}
                </td>
                <td>
                  {e.comment ?? <span className="muted">—</span>}
                  {e.source === 'code_snippet' && <pre>{e.code}</pre>}
                  {e.source === 'contextual' && e.contact !== null && <div className="muted">{e.contact}</div>}
                </td>
                <td>{e.status.replace('_', ' ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {cursor !== null && (
        <button type="button" onClick={loadMore} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </section>
  );
}
