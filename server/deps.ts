/**
 * What domain functions (and the export pipeline, the jobs and the site servers) need from the outside
 * world, passed explicitly (never a Koa context).
 */
import type { Db } from './db/connection.js';
import type { Logger } from './logger.js';

/** Dependencies shared by the domain functions. */
export interface Deps {
  readonly db: Db;
  readonly logger: Logger;
  /** Current time in epoch milliseconds; injectable so tests can move the clock. */
  readonly now: () => number;
  /** Per-install secret for HMACs (pagination cursors, signed URLs). */
  readonly secret: Buffer;
}

/** What site functions need: the domain deps plus the data dir the build folders live in. */
export interface SiteDeps extends Deps {
  readonly dataDir: string;
}
