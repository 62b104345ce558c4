/** Install-wide key/value settings (secrets, the default organization). */
import type { Db } from './connection.js';

/** Reads a setting, or undefined when it was never written. */
export function getSetting(db: Db, key: string): string | undefined {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row?.value;
}

/** Writes `value` under `key` unless a value is already there; returns the stored value either way. */
export function ensureSetting(db: Db, key: string, value: string): string {
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING').run(key, value);
  return getSetting(db, key) ?? value;
}

/** Writes `value` under `key`, replacing what was there. */
export function setSetting(db: Db, key: string, value: string): void {
  db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value);
}

/** Deletes a setting; true when there was one. */
export function deleteSetting(db: Db, key: string): boolean {
  return db.prepare('DELETE FROM settings WHERE key = ?').run(key).changes > 0;
}
