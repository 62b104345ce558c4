/**
 * `offprint delta OLD.zip NEW.zip --out DELTA.zip [--org ID]` and `offprint apply OLD.zip DELTA.zip
 * --out NEW.zip [--public-key FILE | --fingerprint FP]`: carry only what changed across the air gap, and
 * rebuild the new bundle byte for byte on the other side (or refuse, saying why; exit code 1).
 */
import { applyDelta } from '../../delta/apply.js';
import { createDelta } from '../../delta/create.js';
import { DeltaRefusedError } from '../../delta/errors.js';
import { defaultOrganizationId, requireOrganization } from '../../domain/organizations.js';
import { loadOrCreateSigningKey } from '../../signing/keyStore.js';
import { formatBytes } from '../../bytes.js';
import { parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { inputPath, outputPath } from '../inputs.js';
import { TRUST_OPTIONS, trustedKeyOf } from '../trust.js';

/** The two zips a command takes, checked to exist. */
function twoFiles(positionals: string[], second: string): [string, string] {
  const [first, other, ...rest] = positionals;
  if (first === undefined) throw new UsageError('missing OLD.zip (the bundle the other side has)');
  if (other === undefined) throw new UsageError(`missing ${second}`);
  if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);
  return [inputPath(first), inputPath(other)];
}

function outOf(out: string | undefined, what: string): string {
  if (out === undefined) throw new UsageError(`--out is required (where to write ${what})`);
  return outputPath(out);
}

/** Prints a refusal (exit code 1); anything else propagates. */
async function refused(io: CliIo, json: boolean, error: unknown): Promise<number> {
  if (!(error instanceof DeltaRefusedError)) throw error;
  if (json) await printJson(io, { ok: false, problems: error.problems });
  else await write(io.stderr, `offprint: REFUSED: ${error.problems.join('; ')}\n`);
  return 1;
}

/** `offprint delta OLD.zip NEW.zip --out DELTA.zip [--org ID]` */
export async function deltaCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: 'string' }, org: { type: 'string' } });
  const [oldZip, newZip] = twoFiles(positionals, 'NEW.zip (the bundle to carry over)');
  const out = outOf(values.out, 'the delta');
  return withRuntime(io, values['data-dir'], async (rt) => {
    const orgId = values.org ?? defaultOrganizationId(rt);
    requireOrganization(rt, orgId);
    const signer = loadOrCreateSigningKey(rt.dataDir, orgId);
    try {
      const delta = await createDelta(oldZip, newZip, out, signer);
      const { plan } = delta;
      const summary = {
        ok: true,
        delta: out,
        sha256: delta.sha256,
        sizeBytes: delta.sizeBytes,
        newSizeBytes: plan.target.size,
        base: plan.base.sha256,
        target: plan.target.sha256,
        added: plan.added.length,
        changed: plan.changed.length,
        removed: plan.removed.length,
        fingerprint: delta.fingerprint,
      };
      if (values.json) await printJson(io, summary);
      else {
        const share = ((100 * delta.sizeBytes) / Math.max(1, plan.target.size)).toFixed(1);
        await write(
          io.stdout,
          `Wrote ${out}: ${formatBytes(delta.sizeBytes)}, ${share}% of the new bundle (${formatBytes(plan.target.size)})\n` +
            `  ${summary.added} files added, ${summary.changed} changed, ${summary.removed} removed\n` +
            `  base ${plan.base.sha256}\n  target ${plan.target.sha256}\n  signed by ${delta.fingerprint}\n`,
        );
      }
      return 0;
    } catch (error) {
      return refused(io, values.json, error);
    }
  });
}

/** `offprint apply OLD.zip DELTA.zip --out NEW.zip [--public-key FILE | --fingerprint FP]` */
export async function applyCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { out: { type: 'string' }, ...TRUST_OPTIONS });
  const [oldZip, deltaZip] = twoFiles(positionals, 'DELTA.zip (from `offprint delta`)');
  const out = outOf(values.out, 'the rebuilt bundle');
  const trust = trustedKeyOf(values);
  try {
    const applied = await applyDelta(oldZip, deltaZip, out, trust);
    if (values.json) {
      const { sha256, sizeBytes, fromBase, fromDelta, fingerprint, trustedBy } = applied;
      await printJson(io, { ok: true, out, sha256, sizeBytes, fromBase, fromDelta, fingerprint, trustedBy });
      return 0;
    }
    const trusted =
      applied.trustedBy === 'given'
        ? '(the key you named)'
        : applied.trustedBy === 'base'
          ? '(the key that signed the old bundle)'
          : '(not checked against a key you trust: pass --fingerprint or --public-key)';
    await write(
      io.stdout,
      `OK: wrote ${out}: SHA-256 ${applied.sha256} (${formatBytes(applied.sizeBytes)}), as the delta promised\n` +
        `  ${applied.fromBase} entries from the old bundle, ${applied.fromDelta} from the delta\n` +
        `  delta signed by ${applied.fingerprint} ${trusted}\n`,
    );
    return 0;
  } catch (error) {
    return refused(io, values.json, error);
  }
}
