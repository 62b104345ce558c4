/**
 * Key paths of a converted mint.json back to the mint.json the author wrote. The navigation is checked
 * in its converted, docs.json shape, so a problem there (a missing page) first names a place such as
 * `navigation.tabs[0].groups[1].pages[2]`, which the author's mint.json does not have: its groups are
 * the top-level `navigation` array, assigned to tabs and anchors by URL prefix. A converted group keeps
 * its pages' structure, so swapping its key path for the group's mint.json one names the written place.
 */
import type { SiteProblem } from '../model.js';
import type { Json } from './jsonShape.js';
import type { GroupOrigins } from './legacyNavigation.js';

/** Converted key path of each group in `origins` → its mint.json key path (`navigation[3]`). */
export type LegacyPlaces = ReadonlyMap<string, string>;

/** Walks the converted navigation, noting the key path where each converted group landed. */
export function legacyPlaces(converted: unknown, origins: GroupOrigins): LegacyPlaces {
  const places = new Map<string, string>();
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, `${path}[${i}]`));
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const origin = origins.get(value as Json);
    if (origin !== undefined) {
      places.set(path, origin);
      return;
    }
    for (const [key, child] of Object.entries(value)) walk(child, `${path}.${key}`);
  };
  walk(converted, 'navigation');
  return places;
}

/**
 * The mint.json key path of a converted `keyPath`: its longest prefix in `places` (a converted group, or a
 * setting of legacyFieldPlaces.ts) swapped for the mint.json place; undefined when no prefix is there (a
 * place the converter made up).
 */
export function legacyPlaceOf(keyPath: string, places: LegacyPlaces): string | undefined {
  for (let end = keyPath.length; end > 0; end--) {
    const boundary = end === keyPath.length || keyPath[end] === '.' || keyPath[end] === '[';
    if (!boundary) continue;
    const origin = places.get(keyPath.slice(0, end));
    if (origin !== undefined) return `${origin}${keyPath.slice(end)}`;
  }
  return undefined;
}

/** `keyPath` at its mint.json place ({@link legacyPlaceOf}), or as it is when there is none. */
export function legacyKeyPath(keyPath: string, places: LegacyPlaces): string {
  return legacyPlaceOf(keyPath, places) ?? keyPath;
}

/**
 * `problems` with the config's key paths at their mint.json places ({@link legacyKeyPath}). A group of
 * every version is converted once per version but written once, so the copies of its problems that
 * then read the same are dropped.
 */
export function atLegacyPlaces(problems: readonly SiteProblem[], file: string, places: LegacyPlaces): SiteProblem[] {
  const seen = new Set<string>();
  const out: SiteProblem[] = [];
  for (const p of problems) {
    if (p.file !== file || p.keyPath === undefined) {
      out.push(p);
      continue;
    }
    const moved = { ...p, keyPath: legacyKeyPath(p.keyPath, places) };
    const key = JSON.stringify([moved.code, moved.keyPath, moved.message]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(moved);
  }
  return out;
}
