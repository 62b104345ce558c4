/** Rows of the `projects` table. */
import type { Db } from './connection.js';
import { cachedStatement } from './statementCache.js';

/** A project as stored. `domain` is the hostname of the project's docs site, unique across the install. */
export interface ProjectRow {
  readonly id: string;
  readonly orgId: string;
  readonly name: string;
  readonly domain: string;
  readonly createdAt: number;
}

const COLUMNS = 'id, org_id AS orgId, name, domain, created_at AS createdAt';

/** Inserts a project. Throws SQLITE_CONSTRAINT_UNIQUE when the domain is taken. */
export function insertProject(db: Db, row: ProjectRow): void {
  cachedStatement(db, 'INSERT INTO projects (id, org_id, name, domain, created_at) VALUES (?, ?, ?, ?, ?)').run(
    row.id,
    row.orgId,
    row.name,
    row.domain,
    row.createdAt,
  );
}

/** Finds a project by id within one organization: other organizations' projects are invisible. */
export function findProjectInOrg(db: Db, orgId: string, id: string): ProjectRow | undefined {
  return cachedStatement(db, `SELECT ${COLUMNS} FROM projects WHERE id = ? AND org_id = ?`).get(id, orgId) as
    ProjectRow | undefined;
}

/** Finds a project by id. */
export function findProject(db: Db, id: string): ProjectRow | undefined {
  return cachedStatement(db, `SELECT ${COLUMNS} FROM projects WHERE id = ?`).get(id) as ProjectRow | undefined;
}

/** Finds a project by its site's hostname (case-insensitive). */
export function findProjectByDomain(db: Db, domain: string): ProjectRow | undefined {
  return cachedStatement(db, `SELECT ${COLUMNS} FROM projects WHERE domain = ?`).get(domain) as ProjectRow | undefined;
}

/** Lists projects, oldest first; all of them, or one organization's. */
export function listProjects(db: Db, orgId?: string): ProjectRow[] {
  if (orgId === undefined) {
    return cachedStatement(db, `SELECT ${COLUMNS} FROM projects ORDER BY created_at, id`).all() as ProjectRow[];
  }
  return cachedStatement(db, `SELECT ${COLUMNS} FROM projects WHERE org_id = ? ORDER BY created_at, id`).all(
    orgId,
  ) as ProjectRow[];
}

/** Deletes a project; its site row, feedback and export jobs go with it (foreign keys cascade). */
export function deleteProjectRow(db: Db, id: string): boolean {
  return cachedStatement(db, 'DELETE FROM projects WHERE id = ?').run(id).changes === 1;
}
