/**
 * The one contract between the dashboard, the preload script and the main process: channel names, what
 * each takes and returns, and the bridge the preload exposes. The main process imports it; the preload (a
 * sandboxed script that can load no other file) and the dashboard import its types, so a renamed channel
 * or a changed payload fails to compile on every side.
 *
 * Paths never cross this bridge from the dashboard: a native dialog picks them in the main process, which
 * then does the work itself, so a compromised page cannot name files to import or overwrite.
 */

/** What the dashboard needs to reach the embedded server. */
export interface DesktopConnection {
  readonly apiUrl: string;
  readonly token: string;
}

/** Which native picker an import opens. */
export type ImportSourceKind = 'folder' | 'zip';

/** The dashboard's request to import a project's docs from a folder or zip the user picks. */
export interface ImportSiteRequest {
  readonly projectId: string;
  readonly source: ImportSourceKind;
}

/** What an import from a picked source did (null from the channel: the user cancelled the dialog). */
export interface ImportSiteOutcome {
  readonly projectId: string;
  /** The folder or zip the user picked, shown back to them. */
  readonly sourcePath: string;
  readonly pages: number;
  readonly problems: number;
  readonly siteUrl: string | null;
}

/** The dashboard's request to copy a completed export's bundle to a place the user picks. */
export interface SaveBundleRequest {
  readonly jobId: string;
}

/** Where a bundle was saved (null from the channel: the user cancelled the dialog). */
export interface SaveBundleOutcome {
  readonly path: string;
  readonly sizeBytes: number;
  /** SHA-256 of the bytes read back from the destination: equal to the job's, or the save failed. */
  readonly sha256: string;
}

/** Every channel, by name, with its handler's signature. */
export interface IpcChannels {
  /** Where the dashboard finds the API, and the token it authenticates with. */
  'offprint:connection': () => DesktopConnection;
  /** Native folder/zip picker, then the import, in the main process. */
  'offprint:import-site': (request: ImportSiteRequest) => Promise<ImportSiteOutcome | null>;
  /** Native "Save to..." dialog (removable media), then a checked copy of the bundle. */
  'offprint:save-bundle': (request: SaveBundleRequest) => Promise<SaveBundleOutcome | null>;
}

/** A channel's name. */
export type IpcChannelName = keyof IpcChannels;

/** Channel names by purpose. */
export const IPC_CHANNELS = {
  connection: 'offprint:connection',
  importSite: 'offprint:import-site',
  saveBundle: 'offprint:save-bundle',
} as const satisfies Record<string, IpcChannelName>;

/** `window.offprintDesktop`, as the preload exposes it to the dashboard. */
export interface DesktopBridge {
  readonly connection: () => Promise<DesktopConnection>;
  readonly importSite: (request: ImportSiteRequest) => Promise<ImportSiteOutcome | null>;
  readonly saveBundle: (request: SaveBundleRequest) => Promise<SaveBundleOutcome | null>;
}

/** The global name of the bridge. */
export type DesktopBridgeName = 'offprintDesktop';
