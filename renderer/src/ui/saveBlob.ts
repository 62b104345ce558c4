/** Hands data the page already holds (a fetched export, a public key file) to the browser as a download. */

/** Saves a blob under `filename` through a temporary object URL. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser reads the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
