/** Opening a data directory: the folder, the migrated database, the install's defaults. */
import { databaseFile } from './config.js';
import { prepareDataDir } from './dataDir.js';
import { openDatabase } from './db/connection.js';
import type { Deps } from './deps.js';
import { ensureInstallDefaults } from './domain/organizations.js';
import type { Logger } from './logger.js';

/** An open data directory. */
export interface Runtime extends Deps {
  readonly dataDir: string;
  readonly close: () => void;
}

/**
 * Opens (creating on first use) the data directory `dataDir`, made owner-only first (see dataDir.ts:
 * throws UnsafeDataDirError when others can read it and it cannot be tightened).
 */
export function openRuntime(dataDir: string, logger: Logger, now: () => number = Date.now): Runtime {
  prepareDataDir(dataDir);
  const db = openDatabase(databaseFile(dataDir));
  try {
    const { secret } = ensureInstallDefaults(db, now());
    return { db, logger, now, secret, dataDir, close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}
