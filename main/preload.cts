/**
 * The dashboard's only bridge to the main process: where the API is, and two native-dialog actions
 * (import from a picked folder/zip, save a bundle to a picked place). No Node or Electron object is
 * exposed. A sandboxed preload loads no other file, so it takes only types from the contract
 * (ipcContract.ts): the literals below must match it to compile.
 */
import { contextBridge, ipcRenderer } from 'electron';
import type {
  DesktopBridge,
  DesktopBridgeName,
  DesktopConnection,
  ImportSiteOutcome,
  IpcChannelName,
  SaveBundleOutcome,
} from './ipcContract.js';

const BRIDGE: DesktopBridgeName = 'offprintDesktop';
const CONNECTION: IpcChannelName = 'offprint:connection';
const IMPORT_SITE: IpcChannelName = 'offprint:import-site';
const SAVE_BUNDLE: IpcChannelName = 'offprint:save-bundle';

const bridge: DesktopBridge = {
  connection: () => ipcRenderer.invoke(CONNECTION) as Promise<DesktopConnection>,
  importSite: (request) => ipcRenderer.invoke(IMPORT_SITE, request) as Promise<ImportSiteOutcome | null>,
  saveBundle: (request) => ipcRenderer.invoke(SAVE_BUNDLE, request) as Promise<SaveBundleOutcome | null>,
};

contextBridge.exposeInMainWorld(BRIDGE, bridge);
