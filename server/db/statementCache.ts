/**
 * Prepared statements kept per database handle. Preparing parses and plans the SQL again each time, which
 * for the small lookups every API request makes (key by hash, project in organization) cost as much as
 * running them; a statement prepared once is reused for the life of its handle.
 */
import type { Db, Statement } from './connection.js';

// Keyed by handle so that a closed and collected handle takes its statements with it.
const statementCache = new WeakMap<Db, Map<string, Statement>>();

/** The prepared statement for `sql` on `db`, prepared on first use. `sql` must be a fixed text, never data. */
export function cachedStatement(db: Db, sql: string): Statement {
  let cache = statementCache.get(db);
  if (cache === undefined) {
    cache = new Map();
    statementCache.set(db, cache);
  }
  let statement = cache.get(sql);
  if (statement === undefined) {
    statement = db.prepare<unknown[]>(sql);
    cache.set(sql, statement);
  }
  return statement;
}
