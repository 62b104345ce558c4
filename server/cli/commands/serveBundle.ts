/**
 * `offprint serve-bundle --bundle-url URL --cache DIR [...]`: the process the Helm chart runs. Serves a
 * static-export bundle from a local cache (server/bundleServer/), fetching it first when the cache has
 * none matching; prints one stdout line once it accepts requests and runs until SIGINT/SIGTERM. Exits
 * non-zero, saying why, when there is nothing to serve (so a pod restarts and the failure shows).
 */
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_DOWNLOAD_POLICY } from '../../bundleServer/download.js';
import { NothingToServeError } from '../../bundleServer/acquire.js';
import { startBundleServer } from '../../bundleServer/server.js';
import { createLogger } from '../../logger.js';
import { flag, parseCommandArgs } from '../args.js';
import { UsageError, write, type CliIo } from '../io.js';
import { TRUST_OPTIONS, trustedKeyOf } from '../trust.js';

const PortSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, 'must be a port number')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be at most 65535');

const Count = (max: number) =>
  z
    .string()
    .regex(/^[0-9]+$/, 'must be a whole number')
    .transform(Number)
    .refine((n) => n >= 1 && n <= max, `must be between 1 and ${max}`);

const UrlSchema = (protocols: RegExp, what: string) =>
  z.string().refine((value) => {
    try {
      return protocols.test(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be ${what}`);

const OptionsSchema = z.object({
  'bundle-url': UrlSchema(/^(https?|file):$/, 'an http(s) or file URL').optional(),
  'delta-url': UrlSchema(/^(https?|file):$/, 'an http(s) or file URL').optional(),
  sha256: z
    .string()
    .transform((s) => s.toLowerCase())
    .pipe(z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 hex digits (a SHA-256)'))
    .optional(),
  version: z.string().min(1).max(200).optional(),
  cache: z.string({ error: 'is required (the folder bundles are kept in)' }).min(1),
  collector: UrlSchema(/^https?:$/, 'an http(s) URL').optional(),
  port: PortSchema,
  keep: Count(100),
  timeout: Count(3600),
  retries: Count(100),
});

/** `offprint serve-bundle` */
export async function serveBundleCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    'bundle-url': { type: 'string' },
    'delta-url': { type: 'string' },
    sha256: { type: 'string' },
    version: { type: 'string' },
    cache: { type: 'string' },
    collector: { type: 'string' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    keep: { type: 'string', default: '3' },
    timeout: { type: 'string', default: '30' },
    retries: { type: 'string', default: '5' },
    ...TRUST_OPTIONS,
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const options = flag('serve-bundle', OptionsSchema, values);
  const links = [options['bundle-url'], options['delta-url']];
  if (links.every((l) => l === undefined) && options.version === undefined && options.sha256 === undefined) {
    throw new UsageError('give --bundle-url or --delta-url (or --version / --sha256 to serve a cached bundle)');
  }
  const log = createLogger('info');
  const running = await startBundleServer({
    bundleUrl: options['bundle-url'],
    deltaUrl: options['delta-url'],
    sha256: options.sha256,
    version: options.version,
    trusted: trustedKeyOf(values),
    keep: options.keep,
    cacheDir: resolve(options.cache),
    host: values.host,
    port: options.port,
    collector: options.collector === undefined ? undefined : new URL(options.collector),
    log,
    policy: { ...DEFAULT_DOWNLOAD_POLICY, idleTimeoutMs: options.timeout * 1000, attempts: options.retries + 1 },
  }).catch((error: unknown) => {
    const why = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot start on ${values.host}:${options.port} with the cache ${options.cache}: ${why}`);
  });
  const stopped = new Promise<number>((done) => {
    process.once('SIGINT', () => done(0));
    process.once('SIGTERM', () => done(0));
  });
  await write(io.stdout, `Offprint bundle server listening on ${running.url}\n`);
  const failed = running.ready.then(
    () => new Promise<number>(() => undefined),
    async (error: unknown) => {
      if (!(error instanceof NothingToServeError)) throw error;
      log.error({ reason: error.message }, 'nothing to serve');
      await write(io.stderr, `offprint serve-bundle: ${error.message}\n`);
      return 1;
    },
  );
  const code = await Promise.race([stopped, failed]);
  await running.close();
  return code;
}
