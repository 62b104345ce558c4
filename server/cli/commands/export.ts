/**
 * `offprint export --domain HOST --out FILE.zip`: the static export job pipeline in this process. The
 * job is a durable row like an API-started one (claimed by this process from the start, so a running
 * `serve` leaves it alone); its bundle is copied to FILE.zip when it completes.
 */
import { copyFileSync, renameSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { cancelExportJob, organizationOfDomain } from '../../domain/exports/jobs.js';
import { startOrResumeExportJob } from '../../domain/exports/resume.js';
import { HostnameSchema } from '../../domain/hostname.js';
import { DEPLOYMENT_KINDS } from '../../export/contract.js';
import { runExport } from '../../export/run.js';
import { lazyPlaywrightBackend, renderSetup } from '../../jobs/backend.js';
import { renderBrowsers } from '../../domain/settings.js';
import { BrowserUrlSchema, type BrowserEndpoint } from '../../render/endpoints.js';
import { jobBundleFile } from '../../exportSpec/files.js';
import { newLeaseOwner } from '../../jobs/owner.js';
import { runClaimedJob } from '../../jobs/runJob.js';
import { defaultExportConcurrency, isClaimable, JOB_TIMINGS } from '../../jobs/worker.js';
import type { Runtime } from '../../runtime.js';
import { flag, parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { outputPath } from '../inputs.js';
import { ProgressDisplay } from '../progress.js';
import { summary } from './exportSummary.js';
import { readServerInfo } from '../../serverFile.js';
import { renderEnv } from '../../config.js';
import { createLogger, type Logger } from '../../logger.js';
import { configureRenderSandbox } from '../../sites/sandbox/shared.js';
import { LOG_FORMATS, readableLogDestination } from '../logLines.js';

const ConcurrencySchema = z
  .string()
  .regex(/^[0-9]{1,2}$/, 'must be a whole number')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 16, 'must be between 1 and 16');

/** Exit code of a run stopped by Ctrl-C (128 + SIGINT). */
const INTERRUPTED = 130;

/** Copies the bundle to `out` through a temporary name, so `out` is never a half-written file. */
function deliver(bundle: string, out: string): string | null {
  const temp = `${out}.${process.pid}.tmp`;
  try {
    copyFileSync(bundle, temp);
    renameSync(temp, out);
    return null;
  } catch (error) {
    rmSync(temp, { force: true });
    return `could not write ${out}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

async function fail(io: CliIo, message: string): Promise<number> {
  await write(io.stderr, `offprint: ${message}\n`);
  return 1;
}

interface ExportRequest {
  readonly domain: string;
  readonly out: string;
  readonly deployment: (typeof DEPLOYMENT_KINDS)[number];
  readonly concurrency: number;
  readonly paths: string[] | undefined;
  readonly json: boolean;
  /** `--browser` URLs; none: the `renderBrowsers` setting, else a local Chromium. */
  readonly browsers: readonly BrowserEndpoint[];
  /** `--allow-egress`: requests outside the bundle become warnings instead of failing the export. */
  readonly allowEgress: boolean;
}

/**
 * The export's progress display. With `--log-format json` each report is a JSON log line too (level info,
 * msg "export progress"), so that a script reads all of stderr as JSON; otherwise a bar or plain lines.
 */
function progressDisplay(io: CliIo, format: (typeof LOG_FORMATS)[number] | undefined): ProgressDisplay {
  if (format !== 'json') return new ProgressDisplay(io.stderr);
  const log = createLogger('info');
  return new ProgressDisplay(io.stderr, undefined, (record) =>
    log.info({ ...record, etaMs: record.etaMs === null ? null : Math.round(record.etaMs) }, 'export progress'),
  );
}

/**
 * The export's logger: on a terminal (unless `--log-format json`), warnings become readable lines below
 * the progress bar; otherwise, or with `--log-format json`, JSON lines as everywhere else.
 */
function exportLogger(display: ProgressDisplay, format: (typeof LOG_FORMATS)[number] | undefined, io: CliIo): Logger {
  const readable = format === undefined ? display.isTerminal : format === 'text';
  if (!readable) return createLogger('warn');
  const color = display.isTerminal && io.env['NO_COLOR'] === undefined;
  return createLogger(
    'warn',
    readableLogDestination((line) => display.note(line), { color }),
  );
}

async function runExportJob(rt: Runtime, io: CliIo, request: ExportRequest, display: ProgressDisplay): Promise<number> {
  const started = performance.now();
  const orgId = organizationOfDomain(rt, request.domain);
  const owner = newLeaseOwner();
  // The same export interrupted by a crash or kill goes on from what it had done (see resume.ts).
  const { job, resumed } = startOrResumeExportJob(
    rt,
    {
      orgId,
      domain: request.domain,
      paths: request.paths,
      deployment: request.deployment,
      allowEgress: request.allowEgress,
      // A server running on this data dir serves the site: its feedback endpoint is the collector.
      collectorUrlOf: (projectId) => readServerInfo(rt.dataDir)?.sites[projectId] ?? null,
    },
    { owner, leaseUntil: rt.now() + JOB_TIMINGS.leaseMs },
    (active) => isClaimable(active, rt.now()),
  );
  if (resumed) {
    await write(
      io.stderr,
      `offprint: going on with the interrupted export of ${job.domain} (job ${job.id}, ${job.progress}% done when it stopped)\n`,
    );
  }
  // Ctrl-C cancels the job like DELETE would: the run stops within a tick and its files are deleted.
  let interrupted = false;
  const onSignal = (): void => {
    interrupted = true;
    try {
      cancelExportJob(rt, orgId, job.id);
    } catch {
      // Already finished: nothing to cancel.
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const browsers = request.browsers.length > 0 ? request.browsers : renderBrowsers(rt.db);
  const render = renderSetup(lazyPlaywrightBackend(), browsers, request.concurrency, rt.logger);
  let outcome;
  try {
    outcome = await runClaimedJob(rt, job.id, owner, {
      run: runExport,
      backend: render.backend,
      concurrency: render.concurrency,
      leaseMs: JOB_TIMINGS.leaseMs,
      tickMs: JOB_TIMINGS.tickMs,
      stallMs: JOB_TIMINGS.stallMs,
      onProgress: (progress) => display.update(progress),
    });
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    display.finish();
  }
  switch (outcome.kind) {
    case 'completed': {
      const problem = deliver(jobBundleFile(rt.dataDir, job.id), request.out);
      if (problem !== null) return fail(io, problem);
      const { result } = outcome;
      const ms = performance.now() - started;
      if (request.json) {
        await printJson(io, {
          jobId: job.id,
          out: request.out,
          domain: job.domain,
          deployment: job.deployment,
          pages: result.pageCount,
          sizeBytes: result.sizeBytes,
          sha256: result.sha256,
          signingKeyFingerprint: result.signingFingerprint,
          seconds: Math.round(ms) / 1000,
          blockedRequests: result.blockedRequests,
          egressFailures: result.egressFailures ?? [],
          egressPageErrors: result.egressPageErrors ?? [],
          missingAnchors: result.missingAnchors,
          scriptsCarried: result.scriptsCarried ?? [],
          componentPages: result.componentPages ?? [],
          integrationsLeftOut: result.integrationsLeftOut ?? [],
          redirectsLeftOut: result.redirectsLeftOut ?? [],
          pagesLeftOut: result.pagesLeftOut ?? [],
        });
      } else await write(io.stdout, summary(job, result, request.out, ms, display));
      return 0;
    }
    case 'failed':
      return fail(io, `export of ${request.domain} failed (job ${job.id}): ${outcome.error}`);
    case 'cancelled':
      await write(io.stderr, `offprint: export of ${request.domain} cancelled (job ${job.id})\n`);
      return interrupted ? INTERRUPTED : 1;
    case 'released':
    case 'lost':
      return fail(io, `export of ${request.domain} was interrupted (job ${job.id}); run the command again`);
  }
}

/** `offprint export --domain HOST --out FILE.zip [--deployment KIND] [--concurrency N] [--path P]...` */
export async function exportCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    domain: { type: 'string' },
    out: { type: 'string' },
    deployment: { type: 'string', default: 'air-gapped' },
    concurrency: { type: 'string' },
    path: { type: 'string', multiple: true, default: [] },
    browser: { type: 'string', multiple: true, default: [] },
    'log-format': { type: 'string' },
    'allow-egress': { type: 'boolean', default: false },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (values.domain === undefined) throw new UsageError('--domain HOST is required');
  if (values.out === undefined) throw new UsageError('--out FILE.zip is required');
  const request: ExportRequest = {
    domain: flag('domain', HostnameSchema, values.domain),
    out: resolve(values.out),
    deployment: flag('deployment', z.enum(DEPLOYMENT_KINDS), values.deployment),
    concurrency:
      values.concurrency === undefined
        ? defaultExportConcurrency()
        : flag('concurrency', ConcurrencySchema, values.concurrency),
    paths: values.path.length > 0 ? values.path : undefined,
    json: values.json,
    browsers: values.browser.map((url) => flag('browser', BrowserUrlSchema, url)),
    allowEgress: values['allow-egress'],
  };
  const format =
    values['log-format'] === undefined ? undefined : flag('log-format', z.enum(LOG_FORMATS), values['log-format']);
  // Fails early when the folder cannot take the file: finding out after minutes of rendering is no fun.
  outputPath(request.out);
  const display = progressDisplay(io, format);
  const logger = exportLogger(display, format, io);
  // Render-sandbox warnings (a page that failed to render) read the same way as the export's own.
  configureRenderSandbox(logger, renderEnv(io.env));
  return withRuntime(io, values['data-dir'], (rt) => runExportJob(rt, io, request, display), logger);
}
