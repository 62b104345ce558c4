/**
 * `offprint diff OLD.zip NEW.zip [--json]`: what changed between two bundles (pages by their text, with
 * an excerpt; assets; redirects; navigation) and how big the delta would be. Exit code 0 either way; a
 * file that is not a bundle is exit code 1.
 */
import { formatBytes } from '../../bytes.js';
import { diffBundles, type BundleDiff } from '../../delta/diff.js';
import { DeltaRefusedError } from '../../delta/errors.js';
import { parseCommandArgs } from '../args.js';
import { printJson, UsageError, write, type CliIo } from '../io.js';
import { inputPath } from '../inputs.js';

/** Items listed per section in the text form; the rest are counted. */
const LISTED = 20;

function section(title: string, items: readonly string[]): string {
  if (items.length === 0) return '';
  const shown = items.slice(0, LISTED).map((item) => `  ${item}\n`);
  if (items.length > LISTED) shown.push(`  ... and ${items.length - LISTED} more\n`);
  return `${title} (${items.length}):\n${shown.join('')}`;
}

function size(bytes: number | null): string {
  return bytes === null ? '-' : formatBytes(bytes);
}

/** The diff as a terminal reads it. */
export function diffText(diff: BundleDiff): string {
  const { pages, assets, navigation: nav, redirects } = diff;
  const head =
    `Old: ${diff.old.file} (${formatBytes(diff.old.sizeBytes)}, ${diff.old.pages} pages, sha256 ${diff.old.sha256.slice(0, 16)}…)\n` +
    `New: ${diff.new.file} (${formatBytes(diff.new.sizeBytes)}, ${diff.new.pages} pages, sha256 ${diff.new.sha256.slice(0, 16)}…)\n\n`;
  const body = [
    section('Pages added', pages.added),
    section('Pages removed', pages.removed),
    section(
      'Pages changed',
      pages.changed.map((c) => `${c.path}\n      ${c.excerpt}`),
    ),
    pages.markupOnly > 0 ? `Pages whose markup alone changed (same text): ${pages.markupOnly}\n` : '',
    section(
      'Assets added',
      assets.added.map((a) => `${a.path} (${size(a.newSize)})`),
    ),
    section(
      'Assets removed',
      assets.removed.map((a) => `${a.path} (${size(a.oldSize)})`),
    ),
    section(
      'Assets changed',
      assets.changed.map((a) => `${a.path} (${size(a.oldSize)} → ${size(a.newSize)})`),
    ),
    section('Redirects added', redirects.added),
    section('Redirects removed', redirects.removed),
    section('Redirects changed', redirects.changed),
    section(
      'Navigation: links added',
      nav.added.map((l) => `${l.trail}  (${l.target})`),
    ),
    section(
      'Navigation: links removed',
      nav.removed.map((l) => `${l.trail}  (${l.target})`),
    ),
    section(
      'Navigation: links renamed',
      nav.renamed.map((r) => `${r.from} → ${r.to}`),
    ),
    section(
      'Navigation: links moved',
      nav.moved.map((l) => l.trail),
    ),
  ].join('');
  const share = (100 * diff.delta.ofNew).toFixed(1);
  const delta = `Delta: about ${formatBytes(diff.delta.sizeBytes)} (${diff.delta.entries} entries), ${share}% of the new bundle\n`;
  return `${head}${body === '' ? 'No page, asset, redirect or navigation changes.\n' : body}\n${delta}`;
}

/** `offprint diff OLD.zip NEW.zip [--json]` */
export async function diffCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {});
  const [first, second, ...rest] = positionals;
  if (first === undefined || second === undefined) throw new UsageError('expected two bundles: OLD.zip NEW.zip');
  if (rest.length > 0) throw new UsageError(`unexpected argument: ${rest[0]}`);
  const [oldZip, newZip] = [inputPath(first), inputPath(second)];
  let diff: BundleDiff;
  try {
    diff = await diffBundles(oldZip, newZip);
  } catch (error) {
    if (!(error instanceof DeltaRefusedError)) throw error;
    await write(io.stderr, `offprint: ${error.message}\n`);
    return 1;
  }
  if (values.json) await printJson(io, diff);
  else await write(io.stdout, diffText(diff));
  return 0;
}
