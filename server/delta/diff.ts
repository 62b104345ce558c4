/**
 * `offprint diff OLD.zip NEW.zip`: what changed between two bundles, as a reader would see it. The
 * manifests' per-file SHA-256 say which files changed at all; a page whose file changed is compared by
 * its article text (a page whose markup alone changed, say a new sidebar link, is counted, not listed),
 * with an excerpt of its first change. Also assets and redirects added, removed and changed, navigation
 * changes (navDiff.ts), and the size the delta from OLD to NEW would have.
 */
import { createHash } from 'node:crypto';
import { deflateRawSync } from 'node:zlib';
import { ZipReader, type ZipEntry } from '../zip/reader.js';
import { entriesByName, MANIFEST_FILES, type BundleManifest } from './bundleManifest.js';
import { firstChange, type TextChange } from './excerpt.js';
import { diffNavigation, NavMerger, type NavDiff } from './navDiff.js';
import { pageNav, pageText } from './pageText.js';
import { planDelta, type DeltaPlan, type PlannedBundle } from './plan.js';

/** One side of the comparison. */
export interface DiffSide {
  readonly file: string;
  readonly sha256: string;
  readonly sizeBytes: number;
  readonly pages: number;
  readonly files: number;
  readonly versionLabel: string | null;
}

/** A file of the bundle that is not a page. */
export interface AssetChange {
  readonly path: string;
  readonly oldSize: number | null;
  readonly newSize: number | null;
}

/** Everything `offprint diff` reports. */
export interface BundleDiff {
  readonly old: DiffSide;
  readonly new: DiffSide;
  readonly pages: {
    readonly added: string[];
    readonly removed: string[];
    readonly changed: ({ readonly path: string } & TextChange)[];
    /** Pages whose file changed but whose article text did not (navigation, assets renamed...). */
    readonly markupOnly: number;
  };
  readonly assets: { readonly added: AssetChange[]; readonly removed: AssetChange[]; readonly changed: AssetChange[] };
  readonly redirects: { readonly added: string[]; readonly removed: string[]; readonly changed: string[] };
  readonly navigation: NavDiff;
  readonly delta: { readonly entries: number; readonly sizeBytes: number; readonly ofNew: number };
}

const MAX_PAGE_BYTES = 64 * 1024 * 1024;

function side(bundle: PlannedBundle): DiffSide {
  return {
    file: bundle.file,
    sha256: bundle.sha256,
    sizeBytes: bundle.size,
    pages: bundle.manifest.pages.length,
    files: bundle.layout.entries.length,
    versionLabel: bundle.manifest.versionLabel ?? null,
  };
}

/** An open bundle: its zip and entries, to read pages from. */
class Pages {
  private readonly zip: ZipReader;
  private readonly entries: Map<string, ZipEntry>;

  constructor(file: string) {
    this.zip = ZipReader.open(file);
    this.entries = entriesByName(this.zip, Number.MAX_SAFE_INTEGER);
  }

  async html(file: string): Promise<string | null> {
    const entry = this.entries.get(file);
    return entry === undefined ? null : (await this.zip.read(entry, MAX_PAGE_BYTES)).toString('utf8');
  }

  close(): void {
    this.zip.close();
  }
}

function pageFiles(manifest: BundleManifest): Map<string, string> {
  return new Map(manifest.pages.map((p) => [p.path, p.file]));
}

async function comparePages(plan: DeltaPlan, oldPages: Pages, newPages: Pages) {
  const before = pageFiles(plan.base.manifest);
  const after = pageFiles(plan.target.manifest);
  const oldNav = new NavMerger();
  const newNav = new NavMerger();
  const changed: BundleDiff['pages']['changed'] = [];
  let markupOnly = 0;
  for (const file of before.values()) oldNav.add(pageNav((await oldPages.html(file)) ?? '', file));
  for (const [path, file] of after) {
    const html = (await newPages.html(file)) ?? '';
    newNav.add(pageNav(html, file));
    const oldFile = before.get(path);
    if (oldFile === undefined || plan.base.contents.get(oldFile) === plan.target.contents.get(file)) continue;
    const change = firstChange(pageText((await oldPages.html(oldFile)) ?? ''), pageText(html));
    if (change === null) markupOnly++;
    else changed.push({ path, ...change });
  }
  return {
    pages: {
      added: [...after.keys()].filter((p) => !before.has(p)),
      removed: [...before.keys()].filter((p) => !after.has(p)),
      changed,
      markupOnly,
    },
    navigation: diffNavigation(oldNav.list(), newNav.list()),
  };
}

function compareAssets(plan: DeltaPlan): BundleDiff['assets'] {
  const skip = new Set<string>([
    ...MANIFEST_FILES,
    ...[plan.base.manifest, plan.target.manifest].flatMap((m) => [
      ...m.pages.map((p) => p.file),
      ...(m.redirects ?? []).map((r) => r.file),
    ]),
  ]);
  const sizes = (m: BundleManifest) => new Map(m.files.filter((f) => !skip.has(f.path)).map((f) => [f.path, f.size]));
  const oldSizes = sizes(plan.base.manifest);
  const newSizes = sizes(plan.target.manifest);
  const change = (path: string): AssetChange => ({
    path,
    oldSize: oldSizes.get(path) ?? null,
    newSize: newSizes.get(path) ?? null,
  });
  return {
    added: plan.added.filter((p) => newSizes.has(p)).map(change),
    removed: plan.removed.filter((p) => oldSizes.has(p)).map(change),
    changed: plan.changed.filter((p) => newSizes.has(p)).map(change),
  };
}

function compareRedirects(plan: DeltaPlan): BundleDiff['redirects'] {
  const map = (m: BundleManifest) => new Map((m.redirects ?? []).map((r) => [r.source, r.destination]));
  const before = map(plan.base.manifest);
  const after = map(plan.target.manifest);
  return {
    added: [...after.keys()].filter((s) => !before.has(s)),
    removed: [...before.keys()].filter((s) => !after.has(s)),
    changed: [...after].filter(([s, d]) => before.has(s) && before.get(s) !== d).map(([s]) => s),
  };
}

/**
 * The size the delta would have: its entries, plus delta.json (estimated by deflating one shaped like
 * it), its signature and the zip records around them.
 */
function deltaSize(plan: DeltaPlan): BundleDiff['delta'] {
  // Digests stand in for digests: random-looking hex compresses as little as the real ones.
  const hex = (text: string): string => createHash('sha256').update(text).digest('hex');
  const entries = plan.entries.map((e) =>
    e.from === 'base'
      ? { path: e.entry.name, from: 'base' }
      : { path: e.entry.name, from: 'delta', sha256: hex(`c${e.entry.name}`), raw: hex(`r${e.entry.name}`) },
  );
  const zip = { sha256: hex('zip'), size: plan.target.size };
  const signing = { algorithm: 'Ed25519', fingerprint: 'XXXX-XXXX-XXXX-XXXX', publicKey: 'A'.repeat(43) + '=' };
  const { added, changed, removed } = plan;
  const shaped = JSON.stringify(
    { format: 1, offprintVersion: '0.0.0', base: zip, target: zip, added, changed, removed, entries, signing },
    null,
    2,
  );
  const records = 2 * (30 + 46 + 16) + 'delta.json'.length * 2 + 'delta.json.sig'.length * 2 + 22;
  const sizeBytes = plan.entryBytes + deflateRawSync(shaped, { level: 6 }).length + 89 + records;
  const count = plan.entries.filter((e) => e.from === 'delta').length + 2;
  return { entries: count, sizeBytes, ofNew: plan.target.size === 0 ? 0 : sizeBytes / plan.target.size };
}

/** Compares the bundles `oldZip` and `newZip`. */
export async function diffBundles(oldZip: string, newZip: string): Promise<BundleDiff> {
  const plan = await planDelta(oldZip, newZip);
  const oldPages = new Pages(oldZip);
  const newPages = new Pages(newZip);
  try {
    const { pages, navigation } = await comparePages(plan, oldPages, newPages);
    return {
      old: side(plan.base),
      new: side(plan.target),
      pages,
      assets: compareAssets(plan),
      redirects: compareRedirects(plan),
      navigation,
      delta: deltaSize(plan),
    };
  } finally {
    oldPages.close();
    newPages.close();
  }
}
