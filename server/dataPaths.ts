/**
 * Where things live in a data dir. Plain path arithmetic, shared by the domain (imports), the site
 * servers and the export pipeline.
 */
import { join } from 'node:path';

/** `<dataDir>/sites`. */
export function sitesRoot(dataDir: string): string {
  return join(dataDir, 'sites');
}

/** Where uploaded zips wait for their import: `<dataDir>/sites/.uploads`. */
export function uploadsDir(dataDir: string): string {
  return join(sitesRoot(dataDir), '.uploads');
}

/** Where builds are staged until their import commits: `<dataDir>/sites/.staging`. */
export function stagingRoot(dataDir: string): string {
  return join(sitesRoot(dataDir), '.staging');
}

/**
 * The folder a build is staged in by this process (`<buildId>-<pid>`): the pid tells the start-up
 * sweep whether the import that writes it is still running (see siteSweep.ts).
 */
export function stagingDir(dataDir: string, buildId: string): string {
  return join(stagingRoot(dataDir), `${buildId}-${process.pid}`);
}

/** The folder of one build. */
export function buildDir(dataDir: string, projectId: string, buildId: string): string {
  return join(sitesRoot(dataDir), projectId, buildId);
}

/** Where an organization's bundle signing keys live: `<dataDir>/signing/<orgId>` (owner-only). */
export function signingKeysDir(dataDir: string, orgId: string): string {
  return join(dataDir, 'signing', orgId);
}
