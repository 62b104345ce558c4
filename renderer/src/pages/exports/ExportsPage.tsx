/**
 * Static exports: start one, follow it live (the list is polled while a job is queued or running), get
 * its bundle and checksum, browse the history.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ApiClient } from '../../api/client.js';
import type { ExportJob } from '../../api/types.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { useLoad } from '../../ui/useLoad.js';
import { JobCard } from './JobCard.js';
import { JobHistory } from './JobHistory.js';
import { isActive } from './jobText.js';
import { StartExport } from './StartExport.js';

/** How often jobs are re-read while one is active. */
const POLL_MS = 1000;

/** The exports page. */
export function ExportsPage({ api }: { api: ApiClient }) {
  const loadProjects = useCallback(() => api.projects().then((r) => r.projects), [api]);
  const loadJobs = useCallback(() => api.exportJobs().then((r) => r.jobs), [api]);
  const projects = useLoad(loadProjects);
  const jobs = useLoad(loadJobs);
  const [selected, setSelected] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<ExportJob | null>(null);
  const [error, setError] = useState<unknown>(null);

  const active = jobs.data?.some(isActive) ?? false;
  const { reload } = jobs;
  useEffect(() => {
    if (!active) return undefined;
    const timer = window.setInterval(() => void reload(), POLL_MS);
    return () => window.clearInterval(timer);
  }, [active, reload]);

  const shown = jobs.data?.find((j) => j.jobId === selected) ?? jobs.data?.[0] ?? null;
  const cancel = () => {
    if (cancelling === null) return;
    const job = cancelling;
    setCancelling(null);
    api.cancelExport(job.jobId).then(() => reload(), setError);
  };

  if (projects.data !== undefined && projects.data.length === 0) {
    return (
      <section className="page">
        <PageHeader title="Exports" />
        <EmptyState icon="exports" title="Nothing to export yet" actions={<Link href="/projects">Go to Projects</Link>}>
          An export is a docs site made into a self-contained zip. Create a project and import its docs first.
        </EmptyState>
      </section>
    );
  }
  return (
    <section className="page">
      <PageHeader
        title="Exports"
        description="A site rendered into a self-contained bundle that works from any static host or from disk."
      />
      <ErrorNote error={projects.error ?? jobs.error ?? error} />
      {projects.data !== undefined && (
        <StartExport api={api} projects={projects.data} onStarted={(job) => (setSelected(job.jobId), void reload())} />
      )}
      {shown !== null && <JobCard api={api} job={shown} jobs={jobs.data ?? []} onCancel={setCancelling} />}
      {jobs.data !== undefined &&
        (jobs.data.length === 0 ? (
          <p className="muted">No export yet: start one above. Progress, warnings and the download appear here.</p>
        ) : (
          <JobHistory jobs={jobs.data} selected={shown?.jobId ?? null} onSelect={setSelected} />
        ))}
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this export?"
        confirmLabel="Cancel export"
        cancelLabel="Keep running"
        danger
        onConfirm={cancel}
        onCancel={() => setCancelling(null)}
      >
        <p>Pages rendered so far are discarded.</p>
      </ConfirmDialog>
    </section>
  );
}
