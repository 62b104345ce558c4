/**
 * Static export support in the client. A page is either being *captured* by the export pipeline
 * (server/export sets `window.__offprintCapture` before any script runs) or *read from a bundle*
 * (`<html data-op-export>`). While captured, only what changes the saved DOM runs (diagrams), and the
 * pipeline waits for `window.__offprintReady` before it saves the page.
 */

interface ExportWindow {
  __offprintCapture?: boolean;
  __offprintReady?: boolean;
}

/** True while the export pipeline is capturing this page. */
export function isCapturing(): boolean {
  return (window as unknown as ExportWindow).__offprintCapture === true;
}

/** True when this page is part of a static export bundle. */
export function isExported(): boolean {
  return document.documentElement.dataset['opExport'] !== undefined;
}

/** Tells the export pipeline that the page is complete. */
export function markReady(): void {
  (window as unknown as ExportWindow).__offprintReady = true;
}
