/**
 * The dashboard's only bridge to the main process: one function returning where the API is and the
 * session token. No Node or Electron object is exposed. A sandboxed preload loads no other file, so it
 * takes only types from the contract (ipcContract.ts): the literals below must match it to compile.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { DesktopBridge, DesktopBridgeName, DesktopConnection, IpcChannelName } from './ipcContract.js';

const BRIDGE: DesktopBridgeName = 'offprintDesktop';
const CONNECTION: IpcChannelName = 'offprint:connection';

const bridge: DesktopBridge = {
  connection: (): Promise<DesktopConnection> => ipcRenderer.invoke(CONNECTION) as Promise<DesktopConnection>,
};

contextBridge.exposeInMainWorld(BRIDGE, bridge);
