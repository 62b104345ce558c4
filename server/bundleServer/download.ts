/**
 * Fetching a bundle zip into the cache: `file:` URLs are copied, `http(s):` URLs downloaded into a
 * `.part` file that a later attempt (or a later process, after a kill) resumes with `Range`/`If-Range`.
 * Transient failures (network errors, timeouts, 5xx, 429) are retried with backoff; a refusal (403 for an
 * altered link, 410 for an expired one, any other 4xx) is final. The caller checks size and SHA-256.
 */
import {
  createReadStream,
  createWriteStream,
  existsSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import type { ReadableStream as WebStream } from 'node:stream/web';
import { z } from 'zod';
import type { Logger } from '../logger.js';
import { redactUrl } from './urls.js';

/** How hard to try. */
export interface DownloadPolicy {
  /** Attempts in all (1 = no retry). */
  readonly attempts: number;
  /** First backoff; doubled per attempt up to {@link DownloadPolicy.maxBackoffMs}. */
  readonly backoffMs: number;
  readonly maxBackoffMs: number;
  /** An attempt that receives no byte for this long is abandoned (and retried). */
  readonly idleTimeoutMs: number;
  /** Largest bundle accepted, checked against the declared length before the body is read. */
  readonly maxBytes: number;
}

/** Defaults: 6 attempts over about half a minute, 30 s without a byte is a stall, 4 GiB at most. */
export const DEFAULT_DOWNLOAD_POLICY: DownloadPolicy = {
  attempts: 6,
  backoffMs: 500,
  maxBackoffMs: 8_000,
  idleTimeoutMs: 30_000,
  maxBytes: 4 * 1024 * 1024 * 1024,
};

/** A download that cannot succeed by retrying (the message says why, for the log and the exit message). */
export class FinalDownloadError extends Error {}

const SidecarSchema = z.object({ url: z.string(), validator: z.string().nullable(), total: z.number().nullable() });
type Sidecar = z.infer<typeof SidecarSchema>;

function readSidecar(file: string, urlKey: string): Sidecar | null {
  try {
    const parsed = SidecarSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success && parsed.data.url === urlKey ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Fails the stream when no chunk arrives for `ms` (a stalled server must not hang the pod forever). */
function idleGuard(ms: number, abort: () => void): Transform {
  let timer = setTimeout(abort, ms);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      clearTimeout(timer);
      timer = setTimeout(abort, ms);
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
}

function totalOf(response: Response, offset: number): number | null {
  const range = /\/(\d+)$/.exec(response.headers.get('content-range') ?? '');
  if (response.status === 206 && range?.[1] !== undefined) return Number(range[1]);
  const length = response.headers.get('content-length');
  return length === null ? null : Number(length) + (response.status === 206 ? offset : 0);
}

/** One attempt: resumes `part` when the server agrees (206 with the same validator), else starts over. */
async function attempt(url: string, part: string, sidecarFile: string, policy: DownloadPolicy): Promise<number> {
  const urlKey = redactUrl(url);
  const sidecar = existsSync(part) ? readSidecar(sidecarFile, urlKey) : null;
  const offset = sidecar?.validator ? statSync(part).size : 0;
  const headers: Record<string, string> = {};
  if (offset > 0 && sidecar?.validator)
    Object.assign(headers, { Range: `bytes=${offset}-`, 'If-Range': sidecar.validator });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), policy.idleTimeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: controller.signal, redirect: 'follow' });
  } finally {
    clearTimeout(timer);
  }
  if (response.status === 416 && sidecar?.total === offset) return offset;
  if (response.status >= 400 && response.status < 500 && response.status !== 408 && response.status !== 429) {
    const why =
      response.status === 410
        ? 'the link has expired'
        : response.status === 403
          ? 'the link was refused (altered or not signed)'
          : `HTTP ${response.status}`;
    throw new FinalDownloadError(`cannot download ${urlKey}: ${why}`);
  }
  if (response.status !== 200 && response.status !== 206) throw new Error(`HTTP ${response.status}`);
  if (response.body === null) throw new Error('empty response');
  const resumed = response.status === 206;
  const total = totalOf(response, offset);
  if (total !== null && total > policy.maxBytes) {
    throw new FinalDownloadError(
      `the bundle at ${urlKey} has ${total} bytes, more than the ${policy.maxBytes} allowed`,
    );
  }
  const validator = response.headers.get('etag') ?? response.headers.get('last-modified');
  writeFileSync(sidecarFile, JSON.stringify({ url: urlKey, validator, total } satisfies Sidecar));
  const body = Readable.fromWeb(response.body as WebStream<Uint8Array>);
  const out = createWriteStream(part, { flags: resumed ? 'a' : 'w' });
  await pipeline(
    body,
    idleGuard(policy.idleTimeoutMs, () => body.destroy(new Error('download stalled'))),
    out,
  );
  const size = statSync(part).size;
  if (total !== null && size !== total) throw new Error(`received ${size} of ${total} bytes`);
  return size;
}

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/** Why an attempt failed: fetch's own message ("fetch failed") says nothing without its cause (ECONNREFUSED...). */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) return `${error.message} (${'code' in cause ? String(cause.code) : cause.message})`;
  return error.message;
}

/**
 * Fetches `url` into `part` (resuming what an earlier attempt left there) and returns its size; throws
 * {@link FinalDownloadError} when the source refuses or every attempt failed.
 */
export async function downloadBundle(url: string, part: string, policy: DownloadPolicy, log: Logger): Promise<number> {
  const parsed = new URL(url);
  if (parsed.protocol === 'file:') {
    await pipeline(createReadStream(fileURLToPath(parsed)), createWriteStream(part));
    return statSync(part).size;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FinalDownloadError(`--bundle-url must be an http(s) or file URL, not ${parsed.protocol}`);
  }
  const sidecarFile = `${part}.json`;
  let wait = policy.backoffMs;
  for (let n = 1; ; n++) {
    try {
      const size = await attempt(url, part, sidecarFile, policy);
      rmSync(sidecarFile, { force: true });
      return size;
    } catch (error) {
      if (error instanceof FinalDownloadError) throw error;
      const reason = reasonOf(error);
      if (n >= policy.attempts)
        throw new FinalDownloadError(`cannot download ${redactUrl(url)} after ${n} attempts: ${reason}`);
      log.warn({ url: redactUrl(url), attempt: n, retryInMs: wait, reason }, 'bundle download failed; retrying');
      await sleep(wait);
      wait = Math.min(wait * 2, policy.maxBackoffMs);
    }
  }
}
