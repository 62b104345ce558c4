/**
 * Digests of what an export's site server answers, by site path (`/guides/intro`, `/_offprint/theme.js`,
 * `/images/a.png?w=2`): what a captured page was made of. A capture is a function of these answers (and of
 * the browser and the capture code: see captureCache.ts), so a page whose answers have the same digests in
 * a later export's site server would be captured to the same bytes, and is not rendered again.
 *
 * The site server of a run serves one pinned build and answers the same bytes for the same path every
 * time (its pages carry no time, nonce or port), so each path is fetched once per run and remembered.
 */
import { createHash } from 'node:crypto';

/** A site path a page requested, with the digest of the answer it got. */
export interface SiteRequest {
  readonly path: string;
  readonly digest: string;
}

/** Longest one answer may take (a page's render on the site server is the slow case). */
const FETCH_TIMEOUT_MS = 60_000;

/** The digests of a run's site server answers, fetched once per path. */
export class SiteDigests {
  private readonly known = new Map<string, Promise<string | null>>();

  /** `origin`: the run's site server, `http://127.0.0.1:PORT`. */
  constructor(private readonly origin: string) {}

  /**
   * The digest of the answer to `path` (status, redirect target, content type and body), or null when
   * the server could not be asked: such a page is not kept for reuse.
   */
  of(path: string): Promise<string | null> {
    let digest = this.known.get(path);
    if (digest === undefined) {
      digest = this.fetchDigest(path);
      this.known.set(path, digest);
    }
    return digest;
  }

  /** The digests of `paths` (in their order, each once), or null when one of them cannot be had. */
  async describe(paths: Iterable<string>): Promise<SiteRequest[] | null> {
    const unique = [...new Set(paths)];
    const digests = await Promise.all(unique.map((path) => this.of(path)));
    const described: SiteRequest[] = [];
    for (const [index, path] of unique.entries()) {
      const digest = digests[index];
      if (digest === null || digest === undefined) return null;
      described.push({ path, digest });
    }
    return described;
  }

  /**
   * The first request of `recorded` that gets another answer from this run's server (or none it can
   * give), or null when every one gets the same answer.
   */
  async firstChanged(recorded: readonly SiteRequest[]): Promise<string | null> {
    // One at a time: a page that changed differs in its first request (its own document) most often.
    for (const request of recorded) {
      if ((await this.of(request.path)) !== request.digest) return request.path;
    }
    return null;
  }

  private async fetchDigest(path: string): Promise<string | null> {
    try {
      const response = await fetch(this.origin + path, {
        redirect: 'manual',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      const hash = createHash('sha256');
      hash.update(`${response.status}\n${response.headers.get('location') ?? ''}\n`);
      hash.update(`${response.headers.get('content-type') ?? ''}\n`);
      hash.update(Buffer.from(await response.arrayBuffer()));
      return hash.digest('hex');
    } catch {
      return null;
    }
  }
}
