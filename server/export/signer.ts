/** The key a project's bundles are signed with: its organization's current signing key. */
import { findProject } from '../db/projects.js';
import type { SiteDeps } from '../deps.js';
import { loadOrCreateSigningKey } from '../signing/keyStore.js';
import { ExportFailedError } from './contract.js';
import type { BundleSigner } from './signature.js';

/** The signer of `projectId`'s bundles (the organization's key is created on its first export). */
export function projectSigner(deps: SiteDeps, projectId: string): BundleSigner {
  const project = findProject(deps.db, projectId);
  if (project === undefined) throw new ExportFailedError('The project no longer exists');
  return loadOrCreateSigningKey(deps.dataDir, project.orgId, new Date(deps.now()));
}
