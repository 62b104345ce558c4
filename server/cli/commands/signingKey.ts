/**
 * `offprint signing-key show|export|rotate`: the organization's bundle signing key. The fingerprint is
 * what people read to each other across the air gap; the exported public key file is what
 * `verify --public-key` and `apply --public-key` take on the other side.
 */
import { writeFileSync } from 'node:fs';
import { defaultOrganizationId } from '../../domain/organizations.js';
import {
  exportPublicKey,
  organizationSigningKeys,
  rotateOrganizationKey,
  type SigningKeyView,
} from '../../domain/signingKeys.js';
import { parseCommandArgs } from '../args.js';
import { withRuntime } from '../context.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { outputPath } from '../inputs.js';

const SUBCOMMANDS = ['show', 'export', 'rotate'] as const;

function keyLines(key: SigningKeyView): string {
  const state = key.current ? 'current' : `retired ${key.retiredAt ?? ''}`;
  return `  ${key.fingerprint}  ${state}, created ${key.createdAt}\n`;
}

/** `offprint signing-key show|export|rotate [--org ID]` */
export async function signingKeyCommand(argv: string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = argv;
  if (!SUBCOMMANDS.some((name) => name === sub)) {
    throw new UsageError(`unknown signing-key command: ${sub ?? '(none)'} (expected: ${SUBCOMMANDS.join(', ')})`);
  }
  const { values, positionals } = parseCommandArgs(rest, {
    org: { type: 'string' },
    out: { type: 'string' },
    fingerprint: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`unexpected argument: ${positionals[0]}`);
  if (sub !== 'export' && (values.out !== undefined || values.fingerprint !== undefined)) {
    throw new UsageError(`--out and --fingerprint belong to signing-key export`);
  }
  const out = values.out === undefined ? undefined : outputPath(values.out);
  return withRuntime(io, values['data-dir'], async (rt) => {
    const orgId = values.org ?? defaultOrganizationId(rt);
    if (sub === 'export') {
      const text = exportPublicKey(rt, orgId, values.fingerprint);
      if (out === undefined) await write(io.stdout, text);
      else {
        writeFileSync(out, text, { mode: 0o644 });
        await write(io.stdout, `Wrote the public key to ${out}\n`);
      }
      return 0;
    }
    if (sub === 'rotate') {
      const { previous, current } = rotateOrganizationKey(rt, orgId);
      if (values.json) await printJson(io, { previous, current });
      else {
        await write(
          io.stdout,
          `New signing key ${current.fingerprint} for organization ${orgId}; bundles exported from now on are signed with it.\n` +
            `The old key ${previous.fingerprint} can no longer sign; bundles it signed still verify with its public key:\n` +
            `  offprint signing-key export --fingerprint ${previous.fingerprint} --out old-key.pem\n`,
        );
      }
      return 0;
    }
    const keys = organizationSigningKeys(rt, orgId);
    const current = keys[0];
    if (values.json) await printJson(io, { orgId, current, keys });
    else if (current !== undefined) {
      await write(
        io.stdout,
        `Signing key of organization ${orgId}\n` +
          `Fingerprint: ${current.fingerprint}   (read it to whoever verifies your bundles)\n` +
          `Public key:  ${current.publicKey}\n` +
          `Keys:\n${keys.map(keyLines).join('')}`,
      );
    }
    return 0;
  });
}
