/**
 * Typed IPC between the dashboard and the main process. Every channel is declared here once; handlers
 * refuse messages from any frame that is not the dashboard the app itself loaded.
 */
import { ipcMain } from 'electron';
import { isTrustedSender } from './senders.js';

/** The channels and what they return. */
export interface IpcChannels {
  /** Where the dashboard finds the API, and the token it authenticates with. */
  'offprint:connection': () => { apiUrl: string; token: string };
}

/** Channel names, shared with the preload script. */
export const IPC_CHANNELS = { connection: 'offprint:connection' } as const satisfies Record<string, keyof IpcChannels>;

/** Registers the IPC handlers. */
export function setupIpc(dashboardOrigin: string, handlers: IpcChannels): void {
  ipcMain.handle(IPC_CHANNELS.connection, (event) => {
    if (!isTrustedSender(event.senderFrame, dashboardOrigin)) throw new Error('IPC refused: unknown sender');
    return handlers['offprint:connection']();
  });
}
