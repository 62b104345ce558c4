/**
 * `offprint serve`: runs the API and every project's docs site on a data dir until SIGINT/SIGTERM.
 * While it runs, `<dataDir>/server.json` says where (read by `projects list` for `siteUrl`).
 */
import { z } from 'zod';
import { allowedHostsFromEnv, resolveDataDir } from '../../config.js';
import { createApp } from '../../http/app.js';
import type { HostPolicy } from '../../http/middleware/hostCheck.js';
import { listen } from '../../http/server.js';
import { lazyPlaywrightBackend } from '../../jobs/backend.js';
import { ExportWorker } from '../../jobs/worker.js';
import { createLogger } from '../../logger.js';
import { openRuntime } from '../../runtime.js';
import { installSampleSite } from '../../domain/sampleSite.js';
import { sweepSiteLeftovers } from '../../domain/siteSweep.js';
import { sampleDocsDir } from '../../paths.js';
import { SiteServers } from '../../sites/serve/servers.js';
import { removeServerInfo, writeServerInfo } from '../../sites/serve/serverFile.js';
import { flag, parseCommandArgs } from '../args.js';
import { UsageError, write, type CliIo } from '../io.js';
import { closeRenderSandbox } from '../../sites/sandbox/shared.js';

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
  const runtime = openRuntime(resolveDataDir(values['data-dir'], io.env), logger);
  const hostPolicy: HostPolicy = {
    extraHosts: [...allowedHostsFromEnv(io.env), ...values['allowed-host'].map((h) => h.toLowerCase())],
    port: 0,
  };
  const importLimit = io.env['OFFPRINT_IMPORT_MAX_BYTES'];
  const importBodyLimit =
    importLimit === undefined ? undefined : flag('OFFPRINT_IMPORT_MAX_BYTES', ByteCountSchema, importLimit);
  let server;
  let sites: SiteServers | undefined;
  try {
    // What crashed imports left behind (uploads, staged builds, unused builds) goes before anything starts.
    sweepSiteLeftovers(runtime);
    // A fresh install's default project gets the bundled sample docs (once; the first start only).
    installSampleSite(runtime, sampleDocsDir());
    const app = createApp({
      ...runtime,
      hostPolicy,
      ...(importBodyLimit === undefined ? {} : { importBodyLimit }),
      // Sites imported through the API are served at once instead of at the next poll.
      onSiteImported: async (projectId) => (await sites?.refresh(projectId)) ?? null,
    });
    server = await listen(app, { host: values.host, port, hostPolicy });
    const apiUrl = server.url;
    const publish = (urls: Readonly<Record<string, string>>): void =>
      writeServerInfo(runtime.dataDir, { pid: process.pid, apiUrl, sites: urls });
    sites = await SiteServers.start(runtime, {
      host: values.host,
      extraHosts: hostPolicy.extraHosts,
      onChange: publish,
    });
    publish(sites.urls());
  } catch (error) {
    await sites?.close();
    await server?.close();
    removeServerInfo(runtime.dataDir);
    runtime.close();
    throw error;
  }
  // Listen for signals before announcing the URL: a script may send one as soon as it reads the line, and
  // without a listener Node would die of it instead of shutting down cleanly.
  const stopped = new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  logger.info({ url: server.url, dataDir: runtime.dataDir, sites: sites.urls() }, 'server started');
  await write(io.stdout, `Offprint listening on ${server.url}\n`);
  // Static-export jobs run in the background; a job interrupted by a crash is resumed from here too.
  const worker = new ExportWorker(runtime, { backend: lazyPlaywrightBackend() });
  worker.start();
  const signal = await stopped;
  logger.info({ signal }, 'shutting down');
  // First, so that a running export is paused (its lease released) while the database is still open.
  await worker.stop();
  removeServerInfo(runtime.dataDir);
  await sites.close();
  await server.close();
  closeRenderSandbox();
  runtime.close();
  return 0;
}
