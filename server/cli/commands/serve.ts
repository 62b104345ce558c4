/**
 * `offprint serve`: runs the API and every project's docs site on a data dir until SIGINT/SIGTERM.
 * While it runs, `<dataDir>/server.json` says where (read by `projects list` for `siteUrl`).
 */
import { z } from 'zod';
import { allowedHostsFromEnv, renderEnv } from '../../config.js';
import { startOffprint, type RunningOffprint } from '../../host.js';
import { lazyPlaywrightBackend } from '../../jobs/backend.js';
import { createLogger, type Logger } from '../../logger.js';
import { flag, parseCommandArgs } from '../args.js';
import { cliDataDir } from '../context.js';
import { isTerminal, printJson, UsageError, write, type CliIo } from '../io.js';
import { listenProblem } from '../listen.js';
import { LOG_FORMATS, readableLogDestination } from '../logLines.js';

const PortSchema = z
  .string()
  .regex(/^[0-9]{1,5}$/, 'must be a port number')
  .transform(Number)
  .refine((n) => n <= 65535, 'must be at most 65535');

const ByteCountSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/, 'must be a number of bytes')
  .transform(Number);

/** What `serve` was asked for. */
interface ServeRequest {
  /** `--log-format`; undefined: readable lines on a terminal, JSON lines otherwise. */
  readonly logFormat: (typeof LOG_FORMATS)[number] | undefined;
  readonly dataDir: string;
  readonly host: string;
  readonly port: number;
  readonly extraHosts: string[];
  readonly importBodyLimit: number | undefined;
  /** `--json`: the URL announced as one JSON object instead of the contract's line. */
  readonly json: boolean;
}

async function parseServeArgs(argv: string[], io: CliIo): Promise<ServeRequest> {
  const { values, positionals } = parseCommandArgs(argv, {
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string', default: '4242' },
    'allowed-host': { type: 'string', multiple: true, default: [] },
    'log-format': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  const port = flag('port', PortSchema, values.port);
  const importLimit = io.env['OFFPRINT_IMPORT_MAX_BYTES'];
  const logFormat =
    values['log-format'] === undefined ? undefined : flag('log-format', z.enum(LOG_FORMATS), values['log-format']);
  return {
    logFormat,
    dataDir: await cliDataDir(io, values['data-dir']),
    host: values.host,
    port,
    extraHosts: [...allowedHostsFromEnv(io.env), ...values['allowed-host'].map((h) => h.toLowerCase())],
    importBodyLimit:
      importLimit === undefined ? undefined : flag('OFFPRINT_IMPORT_MAX_BYTES', ByteCountSchema, importLimit),
    json: values.json,
  };
}

/**
 * The server's logger: on a terminal (unless `--log-format json`), readable lines with the time, as a
 * person watching the server reads them; otherwise, or with `--log-format json`, JSON lines for machines.
 */
function serveLogger(io: CliIo, format: (typeof LOG_FORMATS)[number] | undefined): Logger {
  const terminal = isTerminal(io.stderr);
  if (!(format === undefined ? terminal : format === 'text')) return createLogger('info');
  const color = terminal && io.env['NO_COLOR'] === undefined;
  return createLogger(
    'info',
    readableLogDestination((line) => io.stderr.write(`${line}\n`), { color, time: true }),
  );
}

/** Starts serving; resolves with the exit code once a signal has closed everything. */
export async function serveCommand(argv: string[], io: CliIo): Promise<number> {
  const request = await parseServeArgs(argv, io);
  const logger = serveLogger(io, request.logFormat);
  let offprint: RunningOffprint;
  try {
    offprint = await startOffprint({
      dataDir: request.dataDir,
      logger,
      host: request.host,
      port: request.port,
      extraHosts: request.extraHosts,
      ...(request.importBodyLimit === undefined ? {} : { importBodyLimit: request.importBodyLimit }),
      renderBackend: lazyPlaywrightBackend(),
      sandbox: renderEnv(io.env),
    });
  } catch (error) {
    const problem = listenProblem(error, request.host, request.port);
    if (problem === null) throw error;
    await write(io.stderr, `${problem}\n`);
    return 1;
  }
  // Listen for signals before announcing the URL: a script may send one as soon as it reads the line, and
  // without a listener Node would die of it instead of shutting down cleanly.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  // With --json the one line is an object (as every command's --json prints), the same moment as the line.
  if (request.json) await printJson(io, { url: offprint.url });
  else await write(io.stdout, `Offprint listening on ${offprint.url}\n`);
  const signal = await stopped;
  logger.info({ signal }, 'shutting down');
  await offprint.close();
  return 0;
}
