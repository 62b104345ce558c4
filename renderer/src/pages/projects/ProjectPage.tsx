/**
 * One project: its site (link, pages, last import), the import report, import/re-import, and delete (with
 * a confirmation naming what goes with it).
 */
import { useCallback, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiClient } from '../../api/client.js';
import type { ProjectDetail, ReportView } from '../../api/types.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { CopyButton } from '../../ui/CopyButton.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { formatAgo, formatCount, plural } from '../../ui/format.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useLoad } from '../../ui/useLoad.js';
import { ImportPanel, type ImportDone } from './ImportPanel.js';
import { ImportReport } from './ImportReport.js';
import { SiteLink } from './ProjectsPage.js';

function Facts({ project }: { project: ProjectDetail }) {
  return (
    <dl className="card facts wide">
      <div>
        <dt>Site</dt>
        <dd>
          <SiteLink siteUrl={project.siteUrl} hasSite={project.site !== null} />
        </dd>
      </div>
      <div>
        <dt>Pages</dt>
        <dd>{project.site === null ? '—' : formatCount(project.site.pages)}</dd>
      </div>
      <div>
        <dt>Last import</dt>
        <dd>{project.site === null ? 'Never' : formatAgo(project.site.lastImportAt)}</dd>
      </div>
      <div>
        <dt>Project ID</dt>
        <dd className="row">
          <code>{project.projectId}</code>
          <CopyButton text={project.projectId} label="Copy project ID" />
        </dd>
      </div>
    </dl>
  );
}

/** The project page. */
export function ProjectPage({ api, projectId }: { api: ApiClient; projectId: string }) {
  const load = useCallback(() => api.project(projectId), [api, projectId]);
  const { data: project, error, reload } = useLoad(load);
  const [lastImport, setLastImport] = useState<ImportDone | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [, navigate] = useLocation();

  if (project === undefined) {
    return (
      <section className="page">
        <Link href="/projects" className="back">
          ← Projects
        </Link>
        {error === null ? <p className="muted">Loading…</p> : <ErrorNote error={error} />}
      </section>
    );
  }
  const report: ReportView | null = lastImport?.report ?? project.importReport ?? null;
  const remove = () => {
    setConfirming(false);
    api
      .deleteProject(projectId)
      .then(() => navigate('/projects'))
      .catch(setDeleteError);
  };
  return (
    <section className="page">
      <Link href="/projects" className="back">
        ← Projects
      </Link>
      <PageHeader title={project.name} description={project.domain} />
      <Facts project={project} />
      {lastImport !== null && (
        <p className="callout success" role="status">
          Imported {plural(lastImport.pages, 'page')}
          {lastImport.problems > 0 ? ` with ${plural(lastImport.problems, 'problem')} (listed below)` : ''}.
        </p>
      )}
      <section className="section" aria-labelledby="import-title">
        <h2 id="import-title">Import docs</h2>
        <p className="muted">A new import replaces the site once it is built; readers see the old one until then.</p>
        <ImportPanel
          api={api}
          projectId={projectId}
          onStart={() => setLastImport(null)}
          onDone={(done) => (setLastImport(done), void reload())}
        />
      </section>
      {report !== null && (
        <section className="section" aria-labelledby="report-title">
          <h2 id="report-title">Import report</h2>
          <ImportReport report={report} />
        </section>
      )}
      <section className="section" aria-labelledby="danger-title">
        <h2 id="danger-title">Danger zone</h2>
        <div className="card danger-zone">
          <div>
            <strong>Delete this project</strong>
            <p className="muted">Removes its site, its feedback and its exports. This cannot be undone.</p>
          </div>
          <button type="button" className="button danger" onClick={() => setConfirming(true)}>
            Delete project
          </button>
        </div>
      </section>
      <ErrorNote error={deleteError} />
      <ConfirmDialog
        open={confirming}
        title={`Delete ${project.name}?`}
        confirmLabel="Delete project"
        danger
        onConfirm={remove}
        onCancel={() => setConfirming(false)}
      >
        <p>
          The site at <strong>{project.domain}</strong>, its feedback and its exports are removed for good.
        </p>
      </ConfirmDialog>
    </section>
  );
}
