/** `offprint verify FILE.zip [--json]`: checks a static export bundle; the exit code is the verdict. */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { verifyBundle } from '../../export/verify.js';
import { onePositional, parseCommandArgs } from '../args.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';

/** Problems printed in the text form; the rest are counted. */
const LISTED_PROBLEMS = 50;

/** `offprint verify FILE.zip`: 0 when the bundle is complete, untouched and closed, 1 otherwise. */
export async function verifyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {});
  const file = resolve(onePositional(positionals, 'FILE.zip (a static export bundle)'));
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const report = await verifyBundle(file);
  if (values.json) {
    await printJson(io, report);
    return report.ok ? 0 : 1;
  }
  if (report.ok) {
    await write(
      io.stdout,
      `OK: ${file}: ${report.files} files and ${report.pages} pages match the manifest; ` +
        `nothing refers outside the bundle (${report.domain ?? '?'}, ${report.deployment ?? '?'})\n`,
    );
    return 0;
  }
  const lines = report.problems.slice(0, LISTED_PROBLEMS).map((p) => `  ${p}\n`);
  if (report.problems.length > LISTED_PROBLEMS)
    lines.push(`  ... and ${report.problems.length - LISTED_PROBLEMS} more\n`);
  await write(io.stdout, `FAILED: ${file}: ${report.problems.length} problems\n${lines.join('')}`);
  return 1;
}
