/** Opening a data directory: the folder, the migrated database, the install's defaults. */
import { mkdirSync } from 'node:fs';
import { databaseFile } from './config.js';
import { openDatabase } from './db/connection.js';
import type { Deps } from './domain/deps.js';
import { ensureInstallDefaults } from './domain/organizations.js';
import type { Logger } from './logger.js';

/** An open data directory. */
export interface Runtime extends Deps {
  readonly dataDir: string;
  readonly close: () => void;
}

/** Opens (creating on first use) the data directory `dataDir`. */
export function openRuntime(dataDir: string, logger: Logger, now: () => number = Date.now): Runtime {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = openDatabase(databaseFile(dataDir));
  try {
    const { secret } = ensureInstallDefaults(db, now());
    return { db, logger, now, secret, dataDir, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}
