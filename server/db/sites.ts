/** Rows of the `sites` table: which build of its docs site each project serves. */
import type { Db } from './connection.js';

/** Where a site's files came from. */
export type SiteSourceKind = 'folder' | 'zip';

/** The current build of a project's site. */
export interface SiteRow {
  readonly projectId: string;
  /** Folder name of the build under `<dataDir>/sites/<projectId>/`. */
  readonly buildId: string;
  readonly sourceKind: SiteSourceKind;
  /** Absolute path of the folder or zip the build was imported from. */
  readonly sourcePath: string;
  readonly pageCount: number;
  readonly problemCount: number;
  readonly importedAt: number;
}

const COLUMNS =
  'project_id AS projectId, build_id AS buildId, source_kind AS sourceKind, source_path AS sourcePath, ' +
  'page_count AS pageCount, problem_count AS problemCount, imported_at AS importedAt';

/** The site of a project, if it has one. */
export function findSite(db: Db, projectId: string): SiteRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM sites WHERE project_id = ?`).get(projectId) as SiteRow | undefined;
}

/** Every site, by project id. */
export function listSites(db: Db): SiteRow[] {
  return db.prepare(`SELECT ${COLUMNS} FROM sites ORDER BY project_id`).all() as SiteRow[];
}

/** Points a project at a build (inserting its row on the first import). Run inside a write transaction. */
export function upsertSite(db: Db, row: SiteRow): void {
  db.prepare(
    `INSERT INTO sites (project_id, build_id, source_kind, source_path, page_count, problem_count, imported_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (project_id) DO UPDATE SET
       build_id = excluded.build_id, source_kind = excluded.source_kind, source_path = excluded.source_path,
       page_count = excluded.page_count, problem_count = excluded.problem_count, imported_at = excluded.imported_at`,
  ).run(row.projectId, row.buildId, row.sourceKind, row.sourcePath, row.pageCount, row.problemCount, row.importedAt);
}

/** The port recorded for a project's site, if one was ever assigned. */
export function findSitePort(db: Db, projectId: string): number | undefined {
  const row = db.prepare('SELECT port FROM site_ports WHERE project_id = ?').get(projectId) as
    { port: number } | undefined;
  return row?.port;
}

/** Every recorded port, `projectId -> port`. */
export function listSitePorts(db: Db): Map<string, number> {
  const rows = db.prepare('SELECT project_id AS projectId, port FROM site_ports').all() as {
    projectId: string;
    port: number;
  }[];
  return new Map(rows.map((r) => [r.projectId, r.port]));
}

/** Ports sites held and let go of (their project deleted, or the site moved): never given out again. */
export function listRetiredSitePorts(db: Db): Set<number> {
  const rows = db.prepare('SELECT port FROM retired_site_ports').all() as { port: number }[];
  return new Set(rows.map((r) => r.port));
}

/**
 * Records the port a project's site now listens on. A port is one site's only: a project that held it
 * before (whose site could not get it back) loses the record, and gets a new port at its next start.
 */
export function recordSitePort(db: Db, projectId: string, port: number, at: number): void {
  db.prepare('DELETE FROM site_ports WHERE port = ? AND project_id <> ?').run(port, projectId);
  db.prepare(
    `INSERT INTO site_ports (project_id, port, assigned_at) VALUES (?, ?, ?)
     ON CONFLICT (project_id) DO UPDATE SET port = excluded.port, assigned_at = excluded.assigned_at`,
  ).run(projectId, port, at);
}
