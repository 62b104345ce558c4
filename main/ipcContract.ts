/**
 * The one contract between the dashboard, the preload script and the main process: channel names, what
 * each returns, and the bridge the preload exposes. The main process imports it; the preload (a sandboxed
 * script that can load no other file) and the dashboard import its types, so a renamed channel or a
 * changed payload fails to compile on every side.
 */

/** What the dashboard needs to reach the embedded server. */
export interface DesktopConnection {
  readonly apiUrl: string;
  readonly token: string;
}

/** Every channel, by name, with what its handler returns. */
export interface IpcChannels {
  /** Where the dashboard finds the API, and the token it authenticates with. */
  'offprint:connection': () => DesktopConnection;
}

/** A channel's name. */
export type IpcChannelName = keyof IpcChannels;

/** Channel names by purpose. */
export const IPC_CHANNELS = { connection: 'offprint:connection' } as const satisfies Record<string, IpcChannelName>;

/** `window.offprintDesktop`, as the preload exposes it to the dashboard. */
export interface DesktopBridge {
  readonly connection: () => Promise<DesktopConnection>;
}

/** The global name of the bridge. */
export type DesktopBridgeName = 'offprintDesktop';
