/**
 * Puts verify.html into an assembled bundle folder, as a normal file of the manifest (it is listed,
 * hashed and signed like every page, so a changed verifier fails verification too).
 */
import { comparePaths } from '../../exportSpec/pages.js';
import type { Logger } from '../../logger.js';
import { writeBundleFile } from '../bundleFiles.js';
import { VERIFY_PAGE_FILE, verifyPageHtml } from './index.js';

/**
 * Writes verify.html at the root of `bundleDir` and returns `files` (the assembled bundle's files) with
 * it, in the assembly's order. A site page already at that name (a page `/verify`) keeps its place: the
 * content is the site's, and that bundle goes without an in-bundle verifier (`offprint verify` still
 * checks it), which is logged.
 */
export function addVerifyPage(bundleDir: string, files: readonly string[], logger: Logger): string[] {
  if (files.includes(VERIFY_PAGE_FILE)) {
    logger.warn(
      { file: VERIFY_PAGE_FILE },
      'export: the site has a page at verify.html; the bundle has no verifier page',
    );
    return [...files];
  }
  writeBundleFile(bundleDir, VERIFY_PAGE_FILE, verifyPageHtml());
  return [...files, VERIFY_PAGE_FILE].sort(comparePaths);
}
