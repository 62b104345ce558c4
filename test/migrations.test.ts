/** Schema migrations on real SQLite files, and the defaults a fresh install starts with. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { databaseFile } from '../server/config.js';
import { openDatabase, type Db } from '../server/db/connection.js';
import {
  DatabaseTooNewError,
  LATEST_VERSION,
  migrate,
  MIGRATIONS,
  schemaVersion,
  type Migration,
} from '../server/db/migrations.js';
import { listOrganizations } from '../server/db/organizations.js';
import { listProjects } from '../server/db/projects.js';
import { getSetting } from '../server/db/settings.js';
import { ensureInstallDefaults } from '../server/domain/organizations.js';
import { silentLogger } from '../server/logger.js';
import { openRuntime } from '../server/runtime.js';
import { fileDigest, tempDir, tooNewDataDir } from './helpers/dataDirs.js';

function freshFile(): string {
  return join(tempDir(), 'test.db');
}

/** Every schema object, as SQLite records it. */
function schemaOf(db: Db): { type: string; name: string; tbl_name: string; sql: string | null }[] {
  return db
    .prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
    .all() as { type: string; name: string; tbl_name: string; sql: string | null }[];
}

function withDb<T>(file: string, fn: (db: Db) => T, options: { skipMigrations?: boolean } = {}): T {
  const db = openDatabase(file, options);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

describe('a fresh database', () => {
  it('is migrated to the latest version, in WAL mode, with foreign keys and a busy timeout', () => {
    const file = freshFile();
    withDb(file, (db) => {
      expect(LATEST_VERSION).toBe(Math.max(...MIGRATIONS.map((m) => m.version)));
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(10_000);
    });
    // WAL is a property of the file: a connection that applies no settings still finds it.
    withDb(file, (db) => expect(db.pragma('journal_mode', { simple: true })).toBe('wal'), { skipMigrations: true });
  });

  it('has the tables and indexes of migration 1', () => {
    const file = freshFile();
    const db = openDatabase(file, { skipMigrations: true });
    try {
      migrate(db, MIGRATIONS.slice(0, 1));
      expect(schemaVersion(db)).toBe(1);
      expect(schemaOf(db).map((o) => `${o.type} ${o.name} on ${o.tbl_name}`)).toEqual([
        'index api_keys_by_org on api_keys',
        'index feedback_by_source_time on feedback',
        'index feedback_by_time on feedback',
        'index projects_by_org on projects',
        'table api_keys on api_keys',
        'table feedback on feedback',
        'table organizations on organizations',
        'table projects on projects',
        'table settings on settings',
      ]);
      const columns = (table: string): string[] =>
        (db.pragma(`table_info(${table})`) as { name: string }[]).map((c) => c.name);
      expect(columns('organizations')).toEqual(['id', 'name', 'plan', 'created_at']);
      expect(columns('projects')).toEqual(['id', 'org_id', 'name', 'domain', 'created_at']);
      expect(columns('api_keys')).toEqual([
        'id',
        'org_id',
        'name',
        'secret_hash',
        'prefix',
        'last4',
        'created_at',
        'last_used_at',
        'revoked_at',
      ]);
      expect(columns('feedback')).toEqual([
        'project_id',
        'id',
        'path',
        'comment',
        'created_at',
        'source',
        'status',
        'helpful',
        'contact',
        'code',
        'filename',
        'lang',
      ]);
      const indexColumns = (index: string): string[] =>
        (db.pragma(`index_info(${index})`) as { name: string }[]).map((c) => c.name);
      expect(indexColumns('feedback_by_time')).toEqual(['project_id', 'created_at', 'id']);
      expect(indexColumns('feedback_by_source_time')).toEqual(['project_id', 'source', 'created_at', 'id']);
      expect(indexColumns('projects_by_org')).toEqual(['org_id', 'created_at']);
      expect(indexColumns('api_keys_by_org')).toEqual(['org_id', 'created_at']);
    } finally {
      db.close();
    }
  });

  it('enforces the constraints the schema declares', () => {
    withDb(freshFile(), (db) => {
      const org = db.prepare('INSERT INTO organizations (id, name, plan, created_at) VALUES (?, ?, ?, 0)');
      org.run('org_a', 'A', 'enterprise');
      expect(() => org.run('org_b', 'B', 'gold')).toThrow(/CHECK constraint failed/);
      const project = db.prepare('INSERT INTO projects (id, org_id, name, domain, created_at) VALUES (?, ?, ?, ?, 0)');
      expect(() => project.run('prj_x', 'org_missing', 'X', 'x.example')).toThrow(/FOREIGN KEY constraint failed/);
      project.run('prj_a', 'org_a', 'A', 'docs.example.com');
      expect(() => project.run('prj_b', 'org_a', 'B', 'DOCS.example.com')).toThrow(/UNIQUE constraint failed/);
      // STRICT tables refuse values of the wrong type instead of storing them as they come.
      expect(() =>
        db
          .prepare('INSERT INTO feedback (project_id, id, path, created_at, source, status) VALUES (?, ?, ?, ?, ?, ?)')
          .run('prj_a', 'f1', '/p', 'yesterday', 'agent', 'pending'),
      ).toThrow(/cannot store TEXT value in INTEGER column/);
    });
  });
});

describe('migrate()', () => {
  it('is a no-op when run again: no migration body runs twice and the schema is unchanged', () => {
    const calls: number[] = [];
    const counting: Migration[] = [
      ...MIGRATIONS,
      { version: LATEST_VERSION + 1, name: 'extra', up: (db) => (calls.push(1), db.exec('CREATE TABLE extra (x)')) },
    ];
    withDb(freshFile(), (db) => {
      migrate(db, counting);
      const before = schemaOf(db);
      migrate(db, counting);
      migrate(db, counting);
      expect(calls).toEqual([1]);
      expect(schemaOf(db)).toEqual(before);
      expect(schemaVersion(db)).toBe(LATEST_VERSION + 1);
    });
  });

  it('rolls a failed upgrade back entirely: no table of any pending migration, version unchanged', () => {
    const failing: Migration[] = [
      ...MIGRATIONS,
      { version: LATEST_VERSION + 1, name: 'fine', up: (db) => db.exec('CREATE TABLE fine (x)') },
      {
        version: LATEST_VERSION + 2,
        name: 'broken',
        up: (db) => {
          db.exec('CREATE TABLE half_done (x); INSERT INTO half_done VALUES (1)');
          throw new Error('migration 3 failed');
        },
      },
    ];
    // From an empty file: even migration 1, which succeeded, is undone.
    const empty = openDatabase(freshFile(), { skipMigrations: true });
    try {
      expect(() => migrate(empty, failing)).toThrow('migration 3 failed');
      expect(schemaVersion(empty)).toBe(0);
      expect(schemaOf(empty)).toEqual([]);
    } finally {
      empty.close();
    }
    // From a database at the latest version, holding data.
    withDb(freshFile(), (db) => {
      db.prepare("INSERT INTO settings (key, value) VALUES ('k', 'v')").run();
      const before = schemaOf(db);
      expect(() => migrate(db, failing)).toThrow('migration 3 failed');
      expect(schemaVersion(db)).toBe(LATEST_VERSION);
      expect(schemaOf(db)).toEqual(before);
      expect(db.prepare('SELECT key, value FROM settings').all()).toEqual([{ key: 'k', value: 'v' }]);
    });
  });

  it.each(['wal', 'delete'] as const)(
    'refuses a database written by a newer version (journal mode %s), with a clear message, leaving the file untouched',
    (journalMode) => {
      const { dataDir, file, version } = tooNewDataDir(journalMode);
      const digest = fileDigest(file);
      let error: unknown;
      try {
        openDatabase(file).close();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(DatabaseTooNewError);
      expect(error).toMatchObject({ found: version, supported: LATEST_VERSION });
      expect((error as Error).message).toBe(
        `This data directory was written by a newer version of Offprint (database schema ${version}; ` +
          `this version understands up to ${LATEST_VERSION}). Upgrade Offprint, or use another --data-dir.`,
      );
      expect(() => openRuntime(dataDir, silentLogger())).toThrow(DatabaseTooNewError);
      expect(fileDigest(file)).toBe(digest);
      expect(fileDigest(`${file}-wal`)).toBeNull();
      expect(fileDigest(`${file}-journal`)).toBeNull();
      withDb(file, (db) => expect(schemaVersion(db)).toBe(version), { skipMigrations: true });
    },
  );
});

describe('install defaults', () => {
  it('on first start: a default organization on the enterprise plan with a default project, and a secret', () => {
    const dataDir = tempDir();
    const runtime = openRuntime(dataDir, silentLogger(), () => Date.UTC(2026, 0, 1));
    try {
      const orgs = listOrganizations(runtime.db);
      const orgId = orgs[0]?.id ?? '';
      expect(orgId).toMatch(/^org_[0-9a-f]{16}$/);
      const projects = listProjects(runtime.db);
      expect(projects[0]?.id).toMatch(/^prj_[0-9a-f]{16}$/);
      expect(orgs).toEqual([
        {
          id: orgId,
          name: 'Default organization',
          plan: 'enterprise',
          createdAt: Date.UTC(2026, 0, 1),
        },
      ]);
      expect(projects).toEqual([
        {
          id: projects[0]?.id,
          orgId,
          name: 'Sample docs',
          domain: 'sample-docs.localhost',
          createdAt: Date.UTC(2026, 0, 1),
        },
      ]);
      expect(getSetting(runtime.db, 'default_org_id')).toBe(orgs[0]?.id);
      expect(runtime.secret).toHaveLength(32);
      expect(runtime.dataDir).toBe(dataDir);
      expect(databaseFile(dataDir)).toBe(join(dataDir, 'offprint.db'));
    } finally {
      runtime.close();
    }
  });

  it('ensureInstallDefaults is idempotent: same secret, same organization, nothing added', () => {
    withDb(freshFile(), (db) => {
      const first = ensureInstallDefaults(db, 1);
      const snapshot = (): unknown => [
        listOrganizations(db),
        listProjects(db),
        db.prepare('SELECT * FROM settings').all(),
      ];
      const before = snapshot();
      const second = ensureInstallDefaults(db, 2);
      expect(second.defaultOrgId).toBe(first.defaultOrgId);
      expect(second.secret.equals(first.secret)).toBe(true);
      expect(snapshot()).toEqual(before);
    });
  });

  it('keeps the same defaults across restarts of a data dir', () => {
    const dataDir = tempDir();
    const first = openRuntime(dataDir, silentLogger());
    const org = listOrganizations(first.db);
    const secret = first.secret;
    first.close();
    const again = openRuntime(dataDir, silentLogger());
    try {
      expect(listOrganizations(again.db)).toEqual(org);
      expect(listProjects(again.db)).toHaveLength(1);
      expect(again.secret.equals(secret)).toBe(true);
    } finally {
      again.close();
    }
  });
});
