/**
 * `offprint verify FILE.zip [--public-key FILE | --fingerprint FP] [--json]`: checks a static export
 * bundle's signature, then every file; the exit code is the verdict.
 */
import { verifyBundle, type VerifyReport } from '../../export/verify.js';
import { onePositional, parseCommandArgs } from '../args.js';
import { printJson, write, type CliIo } from '../io.js';
import { inputPath } from '../inputs.js';
import { counted } from '../counted.js';
import { TRUST_OPTIONS, trustedKeyOf } from '../trust.js';

/** Problems printed in the text form; the rest are counted. */
const LISTED_PROBLEMS = 50;

/**
 * What the proof's page loads tried outside the bundle. Only a bundle exported with --allow-egress holds
 * such requests (any other export fails on the first), so it is said: beside the static check ("its
 * files name nothing outside it") a bare count read as a contradiction. Requests to the collectors the
 * export was configured with are the bundle's own endpoints.
 */
function requestsSeen(proof: NonNullable<VerifyReport['egressProof']>): string {
  const n = proof.failures.length;
  if (n > 0) {
    return (
      `${counted(n, 'request')} outside the bundle, allowed at export with --allow-egress ` +
      `(named in the manifest's egressProof.failures)`
    );
  }
  if (proof.blocked === 0) return 'no request outside the bundle';
  return `no request outside the bundle but to its configured collectors (${proof.blocked} blocked)`;
}

/** The lines about who signed, when, and what the egress proof saw. */
function provenance(report: VerifyReport): string {
  const lines: string[] = [];
  if (report.signedBy !== null) {
    lines.push(
      report.keyPinned
        ? `  Signed by ${report.signedBy} (the key you named)\n`
        : `  Signed by ${report.signedBy}: compare it with the fingerprint the sender reads to you, or pass ` +
            `--fingerprint ${report.signedBy} (or --public-key FILE) to check it\n`,
    );
  }
  if (report.createdAt !== null)
    lines.push(`  Exported ${report.createdAt} by Offprint ${report.offprintVersion ?? '?'}\n`);
  const proof = report.egressProof;
  if (proof !== null) {
    lines.push(
      `  Egress proof: ${counted(proof.pagesChecked, 'page')} opened (${proof.modes.join(' and ')}) in ` +
        `${proof.chromiumVersion ?? 'Chromium'}, ${requestsSeen(proof)}` +
        (proof.pageErrors === undefined ? '' : `, ${counted(proof.pageErrors.length, 'error')} inside it`) +
        '\n',
    );
  }
  return lines.join('');
}

/** `offprint verify FILE.zip`: 0 when the bundle is signed, complete, untouched and closed, 1 otherwise. */
export async function verifyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, TRUST_OPTIONS);
  const given = onePositional(positionals, 'FILE.zip (a static export bundle)');
  const trusted = trustedKeyOf(values);
  const file = inputPath(given);
  const report = await verifyBundle(file, trusted);
  if (values.json) {
    await printJson(io, report);
    return report.ok ? 0 : 1;
  }
  if (report.ok) {
    await write(
      io.stdout,
      `OK: ${file}: signature valid; ${counted(report.files, 'file')} and ${counted(report.pages, 'page')} match the manifest; ` +
        `its files name nothing outside it (${report.domain ?? '?'}, ${report.deployment ?? '?'})\n` +
        provenance(report),
    );
    return 0;
  }
  const lines = report.problems.slice(0, LISTED_PROBLEMS).map((p) => `  ${p}\n`);
  if (report.problems.length > LISTED_PROBLEMS)
    lines.push(`  ... and ${report.problems.length - LISTED_PROBLEMS} more\n`);
  const n = report.problems.length;
  await write(io.stdout, `FAILED: ${file}: ${counted(n, 'problem')}\n${lines.join('')}`);
  return 1;
}
