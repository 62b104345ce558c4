/** Who may talk to the main process over IPC. Kept free of Electron imports so it can be tested headless. */

/** The parts of an IPC event's sender frame the check reads. */
export interface SenderFrameInfo {
  readonly url: string;
  readonly parent: unknown;
}

/** The parts of an IPC event the guard reads. */
export interface IpcEventInfo {
  readonly senderFrame: SenderFrameInfo | null | undefined;
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

/** Thrown to an IPC caller that is not the dashboard; the handler never runs. */
export class UnknownSenderError extends Error {
  override readonly name = 'UnknownSenderError';
  constructor() {
    super('IPC refused: unknown sender');
  }
}

/**
 * Wraps an IPC handler so it runs only for messages from the dashboard's top-level frame (see
 * {@link isTrustedSender}); any other sender gets {@link UnknownSenderError}.
 */
export function fromDashboardOnly<R>(
  dashboardOrigin: string,
  handler: (request: unknown) => R,
): (event: IpcEventInfo, request?: unknown) => R {
  return (event, request) => {
    if (!isTrustedSender(event.senderFrame, dashboardOrigin)) throw new UnknownSenderError();
    return handler(request);
  };
}
