/** Downloads of presigned links: the link needs no key, so a plain anchor does (and the browser streams it). */
import type { BundleLink } from '../../api/types.js';

/** Starts the browser's download of `link` under `filename`. */
export function startDownload(link: BundleLink, filename = `${link.jobId}.zip`): void {
  const anchor = document.createElement('a');
  anchor.href = link.bundleUrl;
  anchor.download = filename;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
