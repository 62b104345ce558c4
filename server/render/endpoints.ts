/**
 * Remote browser URLs (`offprint export --browser URL`, the `renderBrowsers` setting): which protocol
 * each one speaks, and how it is named in logs and errors. The protocol is read from the URL:
 *
 * - `http://`, `https://`, or a `ws(s)://` path under `/devtools/browser/`: plain CDP (Chromium started
 *   with `--remote-debugging-port`, browserless-style pods);
 * - any other `ws://` / `wss://`: Playwright's browser-server protocol (`launchServer()` wsEndpoint);
 * - a `cdp+` or `playwright+` prefix (`cdp+ws://pod:3000/?token=...`) says it explicitly.
 */
import { z } from 'zod';
import type { RemoteProtocol } from './chromium.js';

/** A parsed remote browser URL. */
export interface BrowserEndpoint {
  /** What the connection is opened to (without a protocol prefix). */
  readonly url: string;
  readonly protocol: RemoteProtocol;
  /** The URL as shown in logs and errors: its query (browserless tokens) is hidden. */
  readonly label: string;
}

/** Remote browsers one export may shard over. */
export const MAX_BROWSERS = 32;

const PREFIX = /^(cdp|playwright)\+(?=[a-z]+:)/i;

function labelOf(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}${url.search === '' ? '' : '?...'}`;
}

/** Why `raw` is not a remote browser URL, or null when it is one. */
function problemOf(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.replace(PREFIX, ''));
  } catch {
    return 'must be a URL such as ws://host:3000/... or http://host:9222';
  }
  if (!['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol))
    return 'must start with ws://, wss://, http:// or https://';
  if (url.hostname === '') return 'must name a host';
  if (url.username !== '' || url.password !== '') return 'must not carry a user name or password (use the query)';
  const explicit = PREFIX.exec(raw)?.[1]?.toLowerCase();
  if (explicit === 'playwright' && url.protocol.startsWith('http')) return 'playwright+ needs a ws:// or wss:// URL';
  return null;
}

/** Parses a URL already checked by {@link BrowserUrlSchema}. */
function parse(raw: string): BrowserEndpoint {
  const explicit = PREFIX.exec(raw)?.[1]?.toLowerCase();
  const plain = raw.replace(PREFIX, '');
  const url = new URL(plain);
  const looksCdp = url.protocol.startsWith('http') || url.pathname.startsWith('/devtools/browser/');
  const protocol: RemoteProtocol =
    explicit === 'cdp' || explicit === 'playwright' ? explicit : looksCdp ? 'cdp' : 'playwright';
  return { url: plain, protocol, label: labelOf(url) };
}

/** One remote browser URL as typed, validated (not parsed: what settings store). */
export const BrowserUrlTextSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .superRefine((raw, ctx) => {
    const problem = problemOf(raw);
    if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
  });

/** One remote browser URL, validated and parsed. */
export const BrowserUrlSchema = BrowserUrlTextSchema.transform(parse);

/** The remote browsers of a run: at most {@link MAX_BROWSERS} distinct URLs. */
export const BrowserUrlListSchema = z
  .array(BrowserUrlTextSchema)
  .max(MAX_BROWSERS, `must list at most ${MAX_BROWSERS} browsers`)
  .refine((urls) => new Set(urls).size === urls.length, 'must not list a browser twice');

/** Parses URLs already stored or typed (each checked by {@link BrowserUrlSchema}); throws on a bad one. */
export function parseBrowserUrls(urls: readonly string[]): BrowserEndpoint[] {
  return urls.map((url) => BrowserUrlSchema.parse(url));
}
