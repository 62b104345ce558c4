/**
 * The Content-Security-Policy of static-export bundles, in one place: every bundle page carries it as a
 * `<meta http-equiv>` (it must hold when the bundle is opened from disk, where no server sends headers),
 * and `offprint preview` (and any future bundle server) sends the same as a header.
 *
 * Scripts come only from the bundle: `'self'`, which Chromium matches for same-folder files under
 * file:// as well as for the serving origin over HTTP (hashes of external scripts need SRI, which fails
 * under file://, so they cannot be the mechanism). What a page may load is decided by the assembly,
 * which keeps only the theme's own scripts and the scripts an administrator allowed; no inline script,
 * event handler or `javascript:` URL ever runs, as no `'unsafe-inline'` and no hash is granted (the
 * theme needs none). Nothing is loaded from elsewhere; only the collectors and API base URLs the export
 * was configured with may be contacted.
 */
import { z } from 'zod';
import { VERIFY_PAGE_CSP, VERIFY_PAGE_FILE } from './verifyPage/index.js';

/** What a bundle page may need beyond the bundle itself. */
export interface BundlePolicyInput {
  /** Origins pages may send requests to (feedback and analytics collectors, API playground bases). */
  readonly connect: readonly string[];
  /** The page frames other pages of the bundle (else frames are refused entirely). */
  readonly frames: boolean;
}

/** The policy of a bundle page. */
export function bundleCsp(input: BundlePolicyInput): string {
  const connect = [...new Set(input.connect)].sort();
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self'",
    "manifest-src 'self'",
    ['connect-src', "'self'", ...connect].join(' '),
    `frame-src ${input.frames ? "'self'" : "'none'"}`,
    "worker-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * The policy of bundle files that are not pages (images, SVG, JSON, downloads) when served: a project
 * SVG opened on its own must not run scripts.
 */
export const BUNDLE_FILE_CSP =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; font-src 'self' data:; sandbox";

/** The origin of an http(s) URL, or null for anything else. */
function httpOrigin(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const Collector = z.object({ collectorUrl: z.string() }).nullish();

/** The parts of the manifest's (or the export options') `features` that widen the policy. */
const FeaturesSchema = z.object({
  feedback: Collector,
  analytics: Collector,
  apiPlayground: z.object({ baseUrls: z.array(z.string()) }).nullish(),
});

/**
 * Origins a bundle's pages may contact, from its export features (as the manifest records them); none
 * for features that are off or unreadable.
 */
export function connectOrigins(features: unknown): string[] {
  const parsed = FeaturesSchema.safeParse(features);
  if (!parsed.success) return [];
  const { feedback, analytics, apiPlayground } = parsed.data;
  const urls = [feedback?.collectorUrl, analytics?.collectorUrl, ...(apiPlayground?.baseUrls ?? [])];
  return urls.flatMap((url) => (url === undefined ? [] : (httpOrigin(url) ?? [])));
}

const ManifestFeatures = z.object({ features: z.unknown() });

/**
 * The header policy of a served bundle, from its `manifest.json` text (null: none): the widest policy
 * any of its pages carries, so the pages' own meta policies are what narrows it.
 */
export function bundleHeaderCsp(manifestText: string | null): string {
  let features: unknown = null;
  try {
    const parsed = ManifestFeatures.safeParse(manifestText === null ? null : JSON.parse(manifestText));
    features = parsed.success ? parsed.data.features : null;
  } catch {
    features = null;
  }
  return bundleCsp({ connect: connectOrigins(features), frames: true });
}

/** Headers a bundle server sends with entry `name` under the page policy `pageCsp`. */
export function bundleHeaders(name: string, pageCsp: string): Record<string, string> {
  const page = /\.html?$/i.test(name);
  // The verifier's inline script is allowed by its hash, in its own stricter policy (verifyPage/).
  const policy = name === VERIFY_PAGE_FILE ? VERIFY_PAGE_CSP : pageCsp;
  return {
    'Content-Security-Policy': page ? policy : BUNDLE_FILE_CSP,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/** The `<meta>` element carrying `policy`; it must come before any element it governs. */
export function cspMeta(policy: string): string {
  return `<meta http-equiv="Content-Security-Policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
}
