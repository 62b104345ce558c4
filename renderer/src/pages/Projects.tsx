/** The organization's projects, with the ids scripts need. */
import { useEffect, useState } from 'react';
import type { ApiClient, Project } from '../api.js';
import { ErrorNote } from './ErrorNote.js';

/** Lists projects. */
export function ProjectsPage({ api }: { api: ApiClient }) {
  const [projects, setProjects] = useState<Project[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  useEffect(() => {
    api
      .projects()
      .then((r) => setProjects(r.projects))
      .catch(setError);
  }, [api]);
  return (
    <section>
      <h1>Projects</h1>
      <ErrorNote error={error} />
      {projects === null ? (
        <p className="muted">Loading…</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>Name</th>
              <th>Domain</th>
              <th>Project ID</th>
              <th>Created</th>
            </tr>
          </thead>
          <tbody>
            {projects.map((p) => (
              <tr key={p.projectId}>
                <td>{p.name}</td>
                <td>{p.domain}</td>
                <td>
                  <code>{p.projectId}</code>
                </td>
                <td>{new Date(p.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
