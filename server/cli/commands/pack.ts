/**
 * `offprint pack PATH --out FILE.zip`: run on a connected machine, fetches every remote asset a docs
 * project uses and writes a zip that imports offline with them (server/pack). Exit code 0 even when some
 * URLs fail (they are reported, and listed in the zip's lock), unless `--strict`; non-zero when the zip
 * could not be written.
 */
import { z } from 'zod';
import { formatFileSize } from '../../bytes.js';
import { createLogger } from '../../logger.js';
import type { FailedRef, PackedRef } from '../../pack/fetchAll.js';
import { DEFAULT_PACK_LIMITS, packProject, type PackReport } from '../../pack/pack.js';
import { flag, onePositional, parseCommandArgs } from '../args.js';
import { counted } from '../counted.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { inputPath, outputPath } from '../inputs.js';

/** Failures printed one by one in the text report; the rest are counted (all are in `--json` and the lock). */
const LISTED_FAILURES = 50;
const MB = 1024 * 1024;

const Positive = z.coerce.number().positive().max(1_000_000);

const OPTIONS = {
  out: { type: 'string' },
  strict: { type: 'boolean', default: false },
  'allow-http': { type: 'boolean', default: false },
  'allow-private-hosts': { type: 'boolean', default: false },
  timeout: { type: 'string' },
  'max-file-mb': { type: 'string' },
  'max-total-mb': { type: 'string' },
} as const;

function countBy(packed: readonly PackedRef[]): string {
  return (['image', 'video', 'font', 'spec'] as const)
    .map((kind) => [kind, packed.filter((p) => p.kind === kind).length] as const)
    .filter(([, n]) => n > 0)
    .map(([kind, n]) => counted(n, kind))
    .join(', ');
}

function failureLine(f: FailedRef): string {
  const used =
    f.files.length === 0 ? '' : `; used in ${f.files.slice(0, 3).join(', ')}${f.files.length > 3 ? ', ...' : ''}`;
  return `  ${f.url}: ${f.reason}${used}\n`;
}

/** The human-readable report. */
function textReport(report: PackReport): string {
  const lines = [
    `Packed ${report.out} (${formatFileSize(report.sizeBytes)}, ${report.files} files, sha256 ${report.sha256})\n`,
    `Fetched ${report.packed.length} remote assets (${formatFileSize(report.fetchedBytes)})` +
      `${report.packed.length > 0 ? `: ${countBy(report.packed)}` : ''}\n`,
  ];
  if (report.failed.length === 0) lines.push('Failed 0.\n');
  else {
    lines.push(
      `Failed ${report.failed.length} (not in the zip: offline they are placeholders, and the import lists them):\n`,
    );
    lines.push(...report.failed.slice(0, LISTED_FAILURES).map(failureLine));
    if (report.failed.length > LISTED_FAILURES)
      lines.push(`  ... and ${report.failed.length - LISTED_FAILURES} more\n`);
  }
  for (const page of report.unrendered) lines.push(`Not searched (could not render): ${page}\n`);
  return lines.join('');
}

/** `offprint pack PATH --out FILE.zip [--strict] [--allow-http] [--allow-private-hosts] [--timeout S] [--max-file-mb N] [--max-total-mb N]` */
export async function packCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, OPTIONS);
  const source = inputPath(onePositional(positionals, 'PATH (a docs project folder or .zip)'), 'file or folder');
  if (values.out === undefined) throw new UsageError('missing --out FILE.zip');
  const out = outputPath(values.out);
  const fileCap =
    values['max-file-mb'] === undefined ? undefined : flag('max-file-mb', Positive, values['max-file-mb']) * MB;
  const limits = {
    ...DEFAULT_PACK_LIMITS,
    allowHttp: values['allow-http'],
    allowPrivateHosts: values['allow-private-hosts'],
    ...(values.timeout === undefined ? {} : { timeoutMs: flag('timeout', Positive, values.timeout) * 1000 }),
    ...(fileCap === undefined ? {} : { maxBytes: { image: fileCap, video: fileCap, font: fileCap, spec: fileCap } }),
    ...(values['max-total-mb'] === undefined
      ? {}
      : { maxTotalBytes: flag('max-total-mb', Positive, values['max-total-mb']) * MB }),
  };
  const report = await packProject(source, out, limits, createLogger('warn'));
  if (values.json) await printJson(io, report);
  else await write(io.stdout, textReport(report));
  return values.strict && report.failed.length > 0 ? 1 : 0;
}
