/** Rows of the `organizations` table. */
import type { Db } from './connection.js';

/** The plans an organization can be on; static export needs `enterprise`. */
export const PLANS = ['free', 'pro', 'enterprise'] as const;
/** One of {@link PLANS}. */
export type Plan = (typeof PLANS)[number];

/** An organization as stored. */
export interface OrganizationRow {
  readonly id: string;
  readonly name: string;
  readonly plan: Plan;
  readonly createdAt: number;
}

const COLUMNS = 'id, name, plan, created_at AS createdAt';

/** Inserts an organization. */
export function insertOrganization(db: Db, row: OrganizationRow): void {
  db.prepare('INSERT INTO organizations (id, name, plan, created_at) VALUES (?, ?, ?, ?)').run(
    row.id,
    row.name,
    row.plan,
    row.createdAt,
  );
}

/** Finds an organization by id. */
export function findOrganization(db: Db, id: string): OrganizationRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM organizations WHERE id = ?`).get(id) as OrganizationRow | undefined;
}

/** Lists every organization, oldest first. */
export function listOrganizations(db: Db): OrganizationRow[] {
  return db.prepare(`SELECT ${COLUMNS} FROM organizations ORDER BY created_at, id`).all() as OrganizationRow[];
}
