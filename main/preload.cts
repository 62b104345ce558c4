/**
 * The dashboard's only bridge to the main process: one function returning where the API is and the
 * session token. No Node or Electron object is exposed.
 */
import { contextBridge, ipcRenderer } from 'electron';

contextBridge.exposeInMainWorld('offprintDesktop', {
  connection: (): Promise<{ apiUrl: string; token: string }> => ipcRenderer.invoke('offprint:connection'),
});
