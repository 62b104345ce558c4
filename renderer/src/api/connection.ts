/**
 * Where the API is and how to authenticate: the desktop app's session (from its bridge), or an admin key
 * the user pasted, kept for this tab only (sessionStorage) so a shared workstation forgets it on close.
 */
import type { DesktopBridge } from '../../../main/ipcContract.js';

declare global {
  interface Window {
    /** Present only inside the desktop app; older builds may lack some methods, so each is checked. */
    offprintDesktop?: Partial<DesktopBridge>;
  }
}

const TOKEN_KEY = 'offprint.adminKey';

/** Where the API is and the credential to send. */
export interface Connection {
  readonly apiUrl: string;
  readonly token: string;
  /** True inside the desktop app (no sign-out). */
  readonly desktop: boolean;
}

/** The desktop bridge, when the page runs inside the desktop app. */
export function desktopBridge(): Partial<DesktopBridge> | null {
  return window.offprintDesktop ?? null;
}

/** The desktop app's connection, or the key saved in this tab, or null (ask the user). */
export async function initialConnection(): Promise<Connection | null> {
  const connect = desktopBridge()?.connection;
  if (connect !== undefined) return { ...(await connect()), desktop: true };
  const token = sessionStorage.getItem(TOKEN_KEY);
  return token === null ? null : { apiUrl: '', token, desktop: false };
}

/** Remembers a pasted key for this tab (null forgets it). */
export function saveBrowserKey(token: string | null): void {
  if (token === null) sessionStorage.removeItem(TOKEN_KEY);
  else sessionStorage.setItem(TOKEN_KEY, token);
}
