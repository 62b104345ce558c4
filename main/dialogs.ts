/**
 * The native dialogs behind the dashboard's "Import from folder/zip" and "Save to..." buttons, attached
 * to the dashboard window so they are modal to it.
 */
import { app, dialog, type BrowserWindow } from 'electron';
import { join } from 'node:path';
import type { NativeDialogs } from './desktopActions.js';

/** Dialogs modal to the window `currentWindow` returns. */
export function setupDialogs(currentWindow: () => BrowserWindow): NativeDialogs {
  return {
    pickImportSource: async (kind) => {
      const picked = await dialog.showOpenDialog(currentWindow(), {
        title: kind === 'folder' ? 'Import docs from a folder' : 'Import docs from a zip',
        buttonLabel: 'Import',
        properties: kind === 'folder' ? ['openDirectory'] : ['openFile'],
        ...(kind === 'zip' ? { filters: [{ name: 'Zip archives', extensions: ['zip'] }] } : {}),
      });
      return picked.canceled ? null : (picked.filePaths[0] ?? null);
    },
    pickSaveTarget: async (defaultName) => {
      const picked = await dialog.showSaveDialog(currentWindow(), {
        title: 'Save the bundle to...',
        buttonLabel: 'Save',
        defaultPath: join(app.getPath('downloads'), defaultName),
        filters: [{ name: 'Zip archives', extensions: ['zip'] }],
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      });
      return picked.canceled || picked.filePath === undefined ? null : picked.filePath;
    },
  };
}
