/**
 * Typed IPC between the dashboard and the main process, over the channels of ipcContract.ts; handlers
 * refuse messages from any frame that is not the dashboard the app itself loaded.
 */
import { ipcMain } from 'electron';
import { IPC_CHANNELS, type IpcChannels } from './ipcContract.js';
import { isTrustedSender } from './senders.js';

/** Registers the IPC handlers. */
export function setupIpc(dashboardOrigin: string, handlers: IpcChannels): void {
  ipcMain.handle(IPC_CHANNELS.connection, (event) => {
    if (!isTrustedSender(event.senderFrame, dashboardOrigin)) throw new Error('IPC refused: unknown sender');
    return handlers['offprint:connection']();
  });
}
