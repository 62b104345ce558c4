/**
 * Numbered schema migrations, tracked by `PRAGMA user_version`. Each one runs with every other pending
 * one in a single transaction: a failed upgrade leaves the database exactly as it was.
 */
import type { Db } from './connection.js';

/** One schema step. `version` is the `user_version` the database has after it. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly up: (db: Db) => void;
}

/** Thrown when the database was written by a newer Offprint than this one. */
export class DatabaseTooNewError extends Error {
  constructor(
    readonly found: number,
    readonly supported: number,
  ) {
    super(
      `This data directory was written by a newer version of Offprint (database schema ${found}; ` +
        `this version understands up to ${supported}). Upgrade Offprint, or use another --data-dir.`,
    );
    this.name = 'DatabaseTooNewError';
  }
}

/**
 * The `created_at` stored for entries whose timestamp is unknown. It sorts below every real instant, so
 * "newest first" puts such entries last and one composite index serves every query shape.
 */
export const UNKNOWN_TIME = Number.MIN_SAFE_INTEGER;

/** The migrations, in order. Append only: a released migration never changes. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'organizations, projects, api keys, feedback, settings',
    up: (db) => {
      db.exec(`
        CREATE TABLE settings (
          key   TEXT PRIMARY KEY,
          value TEXT NOT NULL
        ) STRICT;

        CREATE TABLE organizations (
          id         TEXT PRIMARY KEY,
          name       TEXT NOT NULL,
          plan       TEXT NOT NULL CHECK (plan IN ('free', 'pro', 'enterprise')),
          created_at INTEGER NOT NULL
        ) STRICT;

        CREATE TABLE projects (
          id         TEXT PRIMARY KEY,
          org_id     TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
          name       TEXT NOT NULL,
          domain     TEXT NOT NULL COLLATE NOCASE UNIQUE,
          created_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX projects_by_org ON projects (org_id, created_at);

        CREATE TABLE api_keys (
          id           TEXT PRIMARY KEY,
          org_id       TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
          name         TEXT NOT NULL,
          secret_hash  TEXT NOT NULL UNIQUE,
          prefix       TEXT NOT NULL,
          last4        TEXT NOT NULL,
          created_at   INTEGER NOT NULL,
          last_used_at INTEGER,
          revoked_at   INTEGER
        ) STRICT;
        CREATE INDEX api_keys_by_org ON api_keys (org_id, created_at);

        CREATE TABLE feedback (
          project_id TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
          id         TEXT NOT NULL,
          path       TEXT NOT NULL,
          comment    TEXT,
          created_at INTEGER NOT NULL,
          source     TEXT NOT NULL CHECK (source IN ('code_snippet', 'contextual', 'agent', 'thumbs_only')),
          status     TEXT NOT NULL CHECK (status IN ('pending', 'in_progress', 'resolved', 'dismissed')),
          helpful    INTEGER CHECK (helpful IN (0, 1)),
          contact    TEXT,
          code       TEXT,
          filename   TEXT,
          lang       TEXT,
          PRIMARY KEY (project_id, id)
        ) STRICT;
        -- Keyset pages walk (created_at, id) downwards inside one project.
        CREATE INDEX feedback_by_time ON feedback (project_id, created_at, id);
        -- A rare source would otherwise scan most of a project to fill one page.
        CREATE INDEX feedback_by_source_time ON feedback (project_id, source, created_at, id);
      `);
    },
  },
  {
    version: 2,
    name: "sites: the current build of each project's docs site",
    up: (db) => {
      // One row per project that has a site; re-import switches build_id in one UPDATE, so readers see
      // either the old build or the new one. Build folders live in <dataDir>/sites/<project>/<build>/.
      db.exec(`
        CREATE TABLE sites (
          project_id    TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
          build_id      TEXT NOT NULL,
          source_kind   TEXT NOT NULL CHECK (source_kind IN ('folder', 'zip')),
          source_path   TEXT NOT NULL,
          page_count    INTEGER NOT NULL,
          problem_count INTEGER NOT NULL,
          imported_at   INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 3,
    name: 'export jobs: durable static-export jobs with leases',
    up: (db) => {
      // A job pins the site build it exports. A worker owns a running job through a lease it renews;
      // an expired lease (crashed worker) lets another worker resume it. The partial unique index makes
      // "one active job per site" hold even when two processes start a job at the same instant.
      db.exec(`
        CREATE TABLE export_jobs (
          id               TEXT PRIMARY KEY,
          org_id           TEXT NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
          project_id       TEXT NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
          domain           TEXT NOT NULL,
          build_id         TEXT NOT NULL,
          deployment       TEXT NOT NULL CHECK (deployment IN ('air-gapped', 'client-hosted', 'cloud')),
          version_label    TEXT,
          paths            TEXT,
          features         TEXT NOT NULL,
          status           TEXT NOT NULL CHECK (status IN ('queued', 'running', 'completed', 'failed')),
          progress         INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
          page_count       INTEGER NOT NULL DEFAULT 0,
          pages_total      INTEGER,
          error            TEXT,
          attempts         INTEGER NOT NULL DEFAULT 0,
          lease_owner      TEXT,
          lease_until      INTEGER,
          bundle_sha256    TEXT,
          bundle_size      INTEGER,
          blocked_requests TEXT,
          created_at       INTEGER NOT NULL,
          updated_at       INTEGER NOT NULL,
          started_at       INTEGER,
          completed_at     INTEGER
        ) STRICT;
        CREATE UNIQUE INDEX export_jobs_one_active ON export_jobs (project_id) WHERE status IN ('queued', 'running');
        CREATE INDEX export_jobs_by_status ON export_jobs (status, created_at);
      `);
    },
  },
  {
    version: 4,
    name: 'feedback by path: a covering index for the by-page counts',
    up: (db) => {
      // by-page groups a project's feedback by path. Without this index SQLite read every row from the
      // table and sorted them (5 s on 1M entries, blocking the event loop); in path order with every
      // column a filter or count needs, it reads only this index (0.2 s). Building it on 1M existing
      // entries takes about 4 s, once.
      db.exec('CREATE INDEX feedback_by_path ON feedback (project_id, path, source, helpful, status, created_at)');
    },
  },
  {
    version: 5,
    name: 'feedback events: the audit trail of status changes and internal notes',
    up: (db) => {
      // Append only: one row per status change and per note (a change with a note is one row). `actor_*`
      // is copied, not referenced, so the trail still names a key after it is revoked or deleted.
      db.exec(`
        CREATE TABLE feedback_events (
          seq         INTEGER PRIMARY KEY,
          project_id  TEXT NOT NULL,
          feedback_id TEXT NOT NULL,
          at          INTEGER NOT NULL,
          actor_kind  TEXT NOT NULL CHECK (actor_kind IN ('key', 'dashboard', 'cli')),
          actor_id    TEXT,
          actor_name  TEXT NOT NULL,
          from_status TEXT CHECK (from_status IN ('pending', 'in_progress', 'resolved', 'dismissed')),
          to_status   TEXT CHECK (to_status IN ('pending', 'in_progress', 'resolved', 'dismissed')),
          note        TEXT,
          CHECK ((from_status IS NULL) = (to_status IS NULL)),
          CHECK (to_status IS NOT NULL OR note IS NOT NULL),
          FOREIGN KEY (project_id, feedback_id) REFERENCES feedback (project_id, id) ON DELETE CASCADE
        ) STRICT;
        CREATE INDEX feedback_events_by_entry ON feedback_events (project_id, feedback_id, seq);
      `);
    },
  },
  {
    version: 6,
    name: "site ports: the loopback port of each project's docs site, kept across restarts",
    up: (db) => {
      // A site's URL is its origin (one port per site keeps untrusted sites apart from each other and from
      // the API), so the port must outlive the process: bookmarks and shared links keep working. The
      // row stays when the site is re-imported; it goes with its project.
      db.exec(`
        CREATE TABLE site_ports (
          project_id  TEXT PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
          port        INTEGER NOT NULL UNIQUE CHECK (port BETWEEN 1 AND 65535),
          assigned_at INTEGER NOT NULL
        ) STRICT;
      `);
    },
  },
  {
    version: 7,
    name: 'export jobs: the fingerprint of the key that signed the bundle',
    up: (db) => {
      // The organization's key can be rotated after a job completed: the bundle's own signer is recorded,
      // so the bundle endpoint names the key that really signed it.
      db.exec(`ALTER TABLE export_jobs ADD COLUMN signing_fingerprint TEXT;`);
    },
  },
  {
    version: 8,
    name: "export jobs: an organization's jobs in the list's keyset order",
    up: (db) => {
      // The job list (newest first, paged by (created_at, id)) had no index to walk: SQLite read every job
      // of the organization, each with its blocked-request JSON (100 KB on a big site), to sort them
      // (135 ms a page with 500 jobs). Walking this index it reads only the page's rows (4 ms).
      db.exec('CREATE INDEX export_jobs_by_org_time ON export_jobs (org_id, created_at, id)');
    },
  },
  {
    version: 9,
    name: 'export jobs: how many requests each blocked, beside the list',
    up: (db) => {
      // The job list only shows how many requests a job blocked, yet read and parsed each job's whole
      // blocked-request JSON (100 KB on a big site) to count them: the count is kept beside it now.
      db.exec(`ALTER TABLE export_jobs ADD COLUMN blocked_count INTEGER;
        UPDATE export_jobs SET blocked_count = json_array_length(blocked_requests)
          WHERE blocked_requests IS NOT NULL AND json_valid(blocked_requests)`);
    },
  },
  {
    version: 10,
    name: 'export jobs: how many pages were taken from the last export instead of rendered',
    up: (db) => {
      // A re-export takes the pages nothing changed for from the project's kept captures: the job says how
      // many, so that a person seeing it finish in seconds knows why (jobs before this counted none).
      db.exec('ALTER TABLE export_jobs ADD COLUMN pages_reused INTEGER NOT NULL DEFAULT 0');
    },
  },
  {
    version: 11,
    name: 'site ports: ports a site let go of are retired, never given to another project',
    up: (db) => {
      // A site's port is its origin, and browsers keep what an origin stored (localStorage, caches,
      // granted permissions) after the site is gone: a new project, of any organization, on a deleted
      // project's port would inherit it. The triggers retire a port whenever its row goes (the project
      // was deleted, or another project took the port over) or the site moves away from it.
      db.exec(`
        CREATE TABLE retired_site_ports (
          port       INTEGER PRIMARY KEY CHECK (port BETWEEN 1 AND 65535),
          retired_at INTEGER NOT NULL
        ) STRICT;
        CREATE TRIGGER site_ports_retire_deleted AFTER DELETE ON site_ports BEGIN
          INSERT OR IGNORE INTO retired_site_ports (port, retired_at) VALUES (OLD.port, OLD.assigned_at);
        END;
        CREATE TRIGGER site_ports_retire_moved AFTER UPDATE OF port ON site_ports WHEN OLD.port <> NEW.port BEGIN
          INSERT OR IGNORE INTO retired_site_ports (port, retired_at) VALUES (OLD.port, NEW.assigned_at);
        END;
      `);
    },
  },
];

/** The schema version this build of Offprint writes. */
export const LATEST_VERSION = MIGRATIONS.reduce((max, m) => Math.max(max, m.version), 0);

/** Reads the schema version stored in the database header. */
export function schemaVersion(db: Db): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/** Throws {@link DatabaseTooNewError} when `db` has a schema newer than `migrations` know. */
export function refuseNewerDatabase(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  const latest = migrations.reduce((max, m) => Math.max(max, m.version), 0);
  const current = schemaVersion(db);
  if (current > latest) throw new DatabaseTooNewError(current, latest);
}

/**
 * Applies every pending migration in one IMMEDIATE transaction. Refuses a database from a newer
 * Offprint instead of guessing what its tables mean.
 */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  const apply = db.transaction(() => {
    refuseNewerDatabase(db, migrations);
    const current = schemaVersion(db);
    for (const migration of migrations) {
      if (migration.version <= current) continue;
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    }
  });
  apply.immediate();
}
