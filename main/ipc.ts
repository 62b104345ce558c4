/**
 * Typed IPC between the dashboard and the main process, over the channels of ipcContract.ts; handlers
 * refuse messages from any frame that is not the dashboard the app itself loaded, and take the
 * dashboard's payload as unknown (each handler validates it).
 */
import { ipcMain } from 'electron';
import { IPC_CHANNELS, type IpcChannelName, type IpcChannels } from './ipcContract.js';
import { fromDashboardOnly } from './senders.js';

/** A handler per channel, receiving the dashboard's payload unvalidated. */
export type IpcHandlers = { readonly [K in IpcChannelName]: (request: unknown) => ReturnType<IpcChannels[K]> };

/** Registers a handler for every channel of the contract. */
export function setupIpc(dashboardOrigin: string, handlers: IpcHandlers): void {
  for (const channel of Object.values(IPC_CHANNELS)) {
    ipcMain.handle(channel, fromDashboardOnly<unknown>(dashboardOrigin, handlers[channel]));
  }
}
