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
