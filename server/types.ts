/** Small types shared by every layer (the database included). */

/** Where a bundle will be served (the spec's feature table). */
export const DEPLOYMENT_KINDS = ['air-gapped', 'client-hosted', 'cloud'] as const;

/** One of {@link DEPLOYMENT_KINDS}. */
export type DeploymentKind = (typeof DEPLOYMENT_KINDS)[number];
