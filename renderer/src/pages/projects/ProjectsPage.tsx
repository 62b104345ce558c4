/** Projects: each one's docs site (opened in a new tab), page count and last import; create a new one. */
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiClient } from '../../api/client.js';
import type { Project } from '../../api/types.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { formatAgo, formatCount } from '../../ui/format.js';
import { Icon } from '../../ui/Icon.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useLoad } from '../../ui/useLoad.js';
import { CreateProject } from './CreateProject.js';

/** A link to a project's docs site, opening in a new tab (or a note when it is not served). */
export function SiteLink({ siteUrl, hasSite }: { siteUrl: string | null; hasSite: boolean }) {
  if (siteUrl === null) return <span className="muted">{hasSite ? 'Not served by this server' : 'No site yet'}</span>;
  return (
    <a className="site-link" href={siteUrl} target="_blank" rel="noreferrer">
      {siteUrl.replace(/^https?:\/\//, '')}
      <Icon name="external" />
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}

function ProjectRow({ project }: { project: Project }) {
  return (
    <li className="card project-row" data-project={project.projectId}>
      <div className="project-main">
        <Link href={`/projects/${encodeURIComponent(project.projectId)}`} className="project-name">
          {project.name}
        </Link>
        <span className="muted">{project.domain}</span>
      </div>
      <SiteLink siteUrl={project.siteUrl} hasSite={project.site !== null} />
      <dl className="facts">
        <div>
          <dt>Pages</dt>
          <dd>{project.site === null ? '—' : formatCount(project.site.pages)}</dd>
        </div>
        <div>
          <dt>Last import</dt>
          <dd>{project.site === null ? 'Never' : formatAgo(project.site.lastImportAt)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** The projects page. */
export function ProjectsPage({ api }: { api: ApiClient }) {
  const load = useCallback(() => api.projects().then((r) => r.projects), [api]);
  const { data: projects, error } = useLoad(load);
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  const newButton = (
    <button type="button" className="button primary" onClick={() => setCreating(true)}>
      <Icon name="plus" /> New project
    </button>
  );
  return (
    <section className="page">
      <PageHeader
        title="Projects"
        description="Each project is one docs site: import its Mintlify project, open the site, export it."
        actions={creating ? undefined : newButton}
      />
      {creating && (
        <CreateProject
          api={api}
          onCancel={() => setCreating(false)}
          onCreated={(p) => navigate(`/projects/${encodeURIComponent(p.projectId)}`)}
        />
      )}
      <ErrorNote error={error} />
      {projects === undefined ? (
        error === null && <p className="muted">Loading…</p>
      ) : projects.length === 0 ? (
        <EmptyState icon="projects" title="No project yet" actions={creating ? undefined : newButton}>
          Create a project, then import its docs (a zip of a Mintlify project) to get a docs site.
        </EmptyState>
      ) : (
        <ul className="project-list" aria-label="Projects">
          {projects.map((p) => (
            <ProjectRow key={p.projectId} project={p} />
          ))}
        </ul>
      )}
    </section>
  );
}
