/**
 * docs.json `fonts` checked against the project's files: a font file it names (`source`, or mint.json's
 * `url`) that the project lacks is reported and left out, so the site names the family without asking
 * for a file that is not there (a failed request on every page, and a warning per page in an export).
 */
import type { SiteProblem } from './model.js';
import { localTarget } from './pages/references.js';

/** Where a font may sit in `fonts`: the object itself (one font for all text) or one of its roles. */
const ROLES = [[], ['heading'], ['headings'], ['body']] as const;
const FILE_KEYS = ['source', 'url'] as const;

type Entry = Record<string, unknown>;

function isEntry(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
    const name = role[0];
    const found = name === undefined ? kept : kept[name];
    if (!isEntry(found)) continue;
    // A role's entry is copied before it loses a key: the project's config object is never changed.
    const entry = name === undefined ? kept : (kept[name] = { ...found });
    for (const key of FILE_KEYS) {
      const ref = entry[key];
      if (typeof ref !== 'string') continue;
      // URLs (remote fonts, which `offprint pack` copies) have no local target and are checked elsewhere.
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
