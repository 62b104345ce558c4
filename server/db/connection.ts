/**
 * The SQLite connection. This is the only module that imports better-sqlite3: everything else receives a
 * `Db` handle and runs plain, parameterised statements through it.
 */
import Database from 'better-sqlite3';
import { migrate, refuseNewerDatabase } from './migrations.js';

/** A handle to Offprint's SQLite database. */
export type Db = Database.Database;

/** A prepared statement taking positional parameters. */
export type Statement = Database.Statement<unknown[], unknown>;

/** Options for {@link openDatabase}. */
export interface OpenDatabaseOptions {
  /** Skip migrations (used by connections opened next to an already migrated one). */
  readonly skipMigrations?: boolean;
  /** Milliseconds a statement waits for another connection's write lock before failing. */
  readonly busyTimeoutMs?: number;
}

/**
 * Opens (creating if needed) the database file, applies connection settings and brings the schema up to
 * date. Throws {@link DatabaseTooNewError} when the file was written by a newer Offprint.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  const db = new Database(file);
  try {
    // Before any setting: switching a newer Offprint's file to WAL would already rewrite its header.
    if (!options.skipMigrations) refuseNewerDatabase(db);
    // WAL lets the CLI read and write while `serve` runs on the same data dir; NORMAL is durable across
    // process crashes (the case that matters on a workstation) and much faster than FULL.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma(`busy_timeout = ${Math.trunc(options.busyTimeoutMs ?? 10_000)}`);
    if (!options.skipMigrations) migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/**
 * Runs `fn` inside `BEGIN IMMEDIATE ... COMMIT`, rolling back when it throws. IMMEDIATE takes the write
 * lock up front, so two writers never deadlock upgrading a read lock (SQLITE_BUSY mid-transaction).
 */
export function writeTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).immediate();
}

/** Runs `fn` in a deferred (read) transaction so that several statements see one snapshot. */
export function readTransaction<T>(db: Db, fn: () => T): T {
  return db.transaction(fn).deferred();
}
