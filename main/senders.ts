/** Who may talk to the main process over IPC. Kept free of Electron imports so it can be tested headless. */

/** The parts of an IPC event's sender frame the check reads. */
export interface SenderFrameInfo {
  readonly url: string;
  readonly parent: unknown;
}

/**
 * True when a message comes from the dashboard's own top-level frame: same origin as the embedded server,
 * not an iframe, not a page the window was navigated to.
 */
export function isTrustedSender(frame: SenderFrameInfo | null | undefined, dashboardOrigin: string): boolean {
  if (frame === null || frame === undefined || frame.parent !== null) return false;
  try {
    return new URL(frame.url).origin === dashboardOrigin;
  } catch {
    return false;
  }
}
