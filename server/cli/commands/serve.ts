/**
 * `offprint serve`: runs the API and every project's docs site on a data dir until SIGINT/SIGTERM.
 * While it runs, `<dataDir>/server.json` says where (read by `projects list` for `siteUrl`).
 */
import { z } from 'zod';
import { allowedHostsFromEnv, renderEnv, resolveDataDir } from '../../config.js';
import { startOffprint } from '../../host.js';
import { lazyPlaywrightBackend } from '../../jobs/backend.js';
import { createLogger } from '../../logger.js';
import { flag, parseCommandArgs } from '../args.js';
import { UsageError, write, type CliIo } from '../io.js';

const PortSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, 'must be a port number')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be at most 65535');

const ByteCountSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, 'must be a number of bytes')
  .transform(Number);

/** Starts serving; resolves with the exit code once a signal has closed everything. */
export async function serveCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4242' },
    'allowed-host': { type: 'string', multiple: true, default: [] },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const port = flag('port', PortSchema, values.port);
  const logger = createLogger('info');
  const importLimit = io.env['OFFPRINT_IMPORT_MAX_BYTES'];
  const importBodyLimit =
    importLimit === undefined ? undefined : flag('OFFPRINT_IMPORT_MAX_BYTES', ByteCountSchema, importLimit);
  const offprint = await startOffprint({
    dataDir: resolveDataDir(values['data-dir'], io.env),
    logger,
    host: values.host,
    port,
    extraHosts: [...allowedHostsFromEnv(io.env), ...values['allowed-host'].map((h) => h.toLowerCase())],
    ...(importBodyLimit === undefined ? {} : { importBodyLimit }),
    renderBackend: lazyPlaywrightBackend(),
    sandbox: renderEnv(io.env),
  });
  // Listen for signals before announcing the URL: a script may send one as soon as it reads the line, and
  // without a listener Node would die of it instead of shutting down cleanly.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  await write(io.stdout, `Offprint listening on ${offprint.url}\n`);
  const signal = await stopped;
  logger.info({ signal }, 'shutting down');
  await offprint.close();
  return 0;
}
