/**
 * docs.json `fonts` in the import report: what an offline site cannot draw is said, instead of readers
 * silently getting the system font (theme/siteFonts.ts draws the rest).
 * - A font file it names (`source`, or mint.json's `url`) that the project lacks is reported and left
 *   out, so the site names the family without asking for a file that is not there (a failed request on
 *   every page, and a warning per page in an export).
 * - A family with no `source`, which Mintlify loads from Google Fonts, unless every system has it.
 * - A `source` on another host that `offprint pack` did not fetch.
 */
import { z } from 'zod';
import type { SiteProblem } from './model.js';
import { localTarget } from './pages/references.js';
import { isRemoteUrl, unpackedProblem, type PackedAsset } from './remote.js';

/** Where a font may sit in `fonts`: the object itself (one font for all text) or one of its roles. */
const ROLES = [[], ['heading'], ['headings'], ['body']] as const;
const FILE_KEYS = ['source', 'url'] as const;

type Entry = Record<string, unknown>;

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The font entry at `role` of `fonts` (the object itself for the empty role), if there is one. */
function entryAt(fonts: Entry, role: readonly string[]): Entry | undefined {
  const name = role[0];
  const found = name === undefined ? fonts : fonts[name];
  return isEntry(found) ? found : undefined;
}

/** The `fonts` setting without local font files missing from `files`, and a problem for each one. */
export function withoutMissingFontFiles(
  fonts: Entry | undefined,
  configFile: string,
  files: ReadonlySet<string>,
): { fonts: Entry | undefined; problems: SiteProblem[] } {
  if (fonts === undefined) return { fonts, problems: [] };
  const problems: SiteProblem[] = [];
  const kept: Entry = { ...fonts };
  for (const role of ROLES) {
    const found = entryAt(kept, role);
    if (found === undefined) continue;
    const name = role[0];
    // A role's entry is copied before it loses a key: the project's config object is never changed.
    const entry = name === undefined ? kept : (kept[name] = { ...found });
    for (const key of FILE_KEYS) {
      const ref = entry[key];
      if (typeof ref !== 'string') continue;
      // URLs (remote fonts, which `offprint pack` copies) have no local target: fontProblems checks them.
      const target = localTarget(ref.trim(), configFile, 'clamp');
      if (target === undefined || files.has(target)) continue;
      delete entry[key];
      const keyPath = ['fonts', ...role, key].join('.');
      problems.push({
        code: 'missing-asset',
        file: configFile,
        keyPath,
        message: `${ref}: file not found in the project`,
      });
    }
  }
  return { fonts: problems.length === 0 ? fonts : kept, problems };
}

const FontSchema = z.looseObject({
  family: z.string().min(1).max(100),
  source: z.string().optional(),
  // mint.json's name for `source`.
  url: z.string().optional(),
});

/**
 * Families every reader's system draws without a download (and CSS's generic names): Mintlify asks Google
 * Fonts for them in vain, and offline they look the same.
 */
const SYSTEM_FAMILIES: ReadonlySet<string> = new Set([
  'arial',
  'helvetica',
  'helvetica neue',
  'times',
  'times new roman',
  'georgia',
  'verdana',
  'tahoma',
  'trebuchet ms',
  'courier',
  'courier new',
  'segoe ui',
  '-apple-system',
  'blinkmacsystemfont',
  'system-ui',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'sans-serif',
  'serif',
  'monospace',
]);

/** The problems of fonts the site names but cannot have offline; `packed` holds what `offprint pack` fetched. */
export function fontProblems(
  fonts: unknown,
  packed: ReadonlyMap<string, PackedAsset>,
  configFile: string,
): SiteProblem[] {
  if (!isEntry(fonts)) return [];
  const problems: SiteProblem[] = [];
  const seen = new Set<string>();
  for (const role of ROLES) {
    const font = FontSchema.safeParse(entryAt(fonts, role)).data;
    if (font === undefined) continue;
    const keyPath = ['fonts', ...role].join('.');
    const source = (font.source ?? font.url)?.trim();
    const key = source ?? `family:${font.family}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (source === undefined) {
      if (!SYSTEM_FAMILIES.has(font.family.trim().toLowerCase()))
        problems.push(googleFontProblem(font.family, configFile, `${keyPath}.family`));
    } else if (isRemoteUrl(source) && packed.get(source)?.kind !== 'font') {
      const sourceKey = `${keyPath}.${font.source === undefined ? 'url' : 'source'}`;
      problems.push(unpackedProblem(configFile, source, 'a font', sourceKey));
    }
  }
  return problems;
}

function googleFontProblem(family: string, file: string, keyPath: string): SiteProblem {
  return {
    code: 'remote-asset',
    file,
    keyPath,
    message:
      `font "${family}": Mintlify loads it from Google Fonts, which an offline site cannot reach; readers ` +
      'without it installed see the system font. Ship the font file and name it in "source"',
  };
}
