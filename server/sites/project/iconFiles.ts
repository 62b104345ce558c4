/**
 * Icons a config names by file (`"icon": "/logo/mcp.svg"` on a group, tab, anchor or navbar link) that the
 * project lacks. Drawn as they are, each is a broken image on every page that shows it: a request the
 * live site answers with 404 and a console error, and a warning per page at export, while the import
 * said nothing. Such an icon is reported once, as a missing logo is, and blanked: the theme then draws
 * no icon there (or keeps its room empty where labels line up, as for any icon it cannot draw) instead
 * of asking for the file.
 */
import { isIconPath } from '../render/icons/icons.js';
import { formatKeyPath } from './config/refs.js';
import type { DocsConfig, SiteProblem } from './model.js';
import { localTarget } from './pages/references.js';

/** What a missing icon file's `icon` becomes: a name no icon set draws. */
const BLANK = '';

/** The icon file an `icon` value names, or undefined for a library icon or a remote one. */
function iconFile(value: unknown, configFile: string): string | undefined {
  const name = typeof value === 'string' ? value : isNamed(value) ? value.name : undefined;
  if (name === undefined || !isIconPath(name.trim())) return undefined;
  return localTarget(name.trim(), configFile);
}

function isNamed(value: unknown): value is { name: string } {
  return typeof value === 'object' && value !== null && 'name' in value && typeof value.name === 'string';
}

/**
 * Asks `found` of every icon file an `icon` under `value` names; with `blank`, blanks where it is written
 * each one `found` denies (`value` must then be the caller's own copy).
 */
function visitIcons(
  value: unknown,
  path: PropertyKey[],
  found: (file: string, path: PropertyKey[]) => boolean,
  blank: boolean,
  configFile: string,
): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => visitIcons(item, [...path, i], found, blank, configFile));
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    const file = key === 'icon' ? iconFile(child, configFile) : undefined;
    if (file === undefined) visitIcons(child, [...path, key], found, blank, configFile);
    else if (!found(file, [...path, key]) && blank) {
      if (isNamed(child)) child.name = BLANK;
      else Reflect.set(value, key, BLANK);
    }
  }
}

/** The config with its missing icon files blanked, and a `missing-asset` problem per missing file. */
export function withoutMissingIconFiles(
  config: DocsConfig,
  configFile: string,
  files: ReadonlySet<string>,
): { readonly config: DocsConfig; readonly problems: SiteProblem[] } {
  const problems: SiteProblem[] = [];
  const reported = new Set<string>();
  const found = (file: string, path: PropertyKey[]): boolean => {
    if (files.has(file)) return true;
    if (!reported.has(file)) {
      reported.add(file);
      problems.push({
        code: 'missing-asset',
        file: configFile,
        keyPath: formatKeyPath(path),
        message: `/${file}: icon file not found in the project (shown without it)`,
      });
    }
    return false;
  };
  const parts = ['navigation', 'navbar', 'footer'] as const;
  for (const part of parts) visitIcons(config[part], [part], found, false, configFile);
  if (problems.length === 0) return { config, problems };
  const copy = {
    ...config,
    ...structuredClone({ navigation: config.navigation, navbar: config.navbar, footer: config.footer }),
  };
  for (const part of parts) visitIcons(copy[part], [part], (file) => files.has(file), true, configFile);
  return { config: copy, problems };
}
