/**
 * Loading a project's config: `docs.json` (with `$ref` splicing) or, when there is none, a legacy
 * `mint.json` converted to the docs.json shape. Every failure is a ValidationError whose details read
 * `<file>: <key path>: <problem>`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ValidationError } from '../../../errors.js';
import { readJsonFile } from './json.js';
import { configErrorMap as errorMap } from './lenient.js';
import { convertMintJson } from './legacy.js';
import type { GroupOrigins } from './legacyNavigation.js';
import { legacyFieldPlaces } from './legacyFieldPlaces.js';
import { legacyPlaceOf, legacyPlaces, type LegacyPlaces } from './legacyPlaces.js';
import { anchorColorIssues } from './legacyColors.js';
import { docsJsonPlaceOf, mintJsonPlaceOf } from './legacyKeyHints.js';
import { LegacyConfigSchema } from './legacySchema.js';
import { missingLabels, type ConfigIssue } from './navigationSchema.js';
import { formatKeyPath, originOf, resolveConfigRefs, type Origins } from './refs.js';
import { DocsConfigSchema, type DocsConfig } from './schema.js';
import { MAX_UNKNOWN_KEYS, unknownKeys } from './unknownKeys.js';

/** A key of the config Offprint does not know: kept, ignored, and reported as a notice by the import. */
export interface UnknownKeyNotice {
  /** The file the key is written in (a `$ref` target, for a key spliced from one). */
  readonly file: string;
  /** Absent on the last notice of a long list, which counts the keys left unnamed. */
  readonly keyPath?: string;
  readonly message: string;
  /** On that last notice only: how many keys it stands for. */
  readonly count?: number;
}

/** A loaded, validated config. */
export interface LoadedConfig {
  readonly file: 'docs.json' | 'mint.json';
  readonly config: DocsConfig;
  /** Project-relative files read (the config and every `$ref` target). */
  readonly files: readonly string[];
  /** Keys Offprint does not know, the first {@link MAX_UNKNOWN_KEYS} named (see config/unknownKeys.ts). */
  readonly unknownKeys: readonly UnknownKeyNotice[];
  /**
   * Values the conversion of a mint.json left out as not valid (anchor colours), with their mint.json key
   * paths: the site is served without them, and the import reports them.
   */
  readonly invalidValues: readonly ConfigIssue[];
  /** For a mint.json, where its converted groups came from, to report problems at the written place. */
  readonly places?: LegacyPlaces;
}

/**
 * Notices for the keys of `value` that `schema` does not name. `fileOf` gives the file a key path was
 * written in; `format` is the name the message gives the format (`docs.json`, `mint.json`).
 */
function unknownKeyNotices(
  schema: Parameters<typeof unknownKeys>[0],
  value: unknown,
  fileOf: (path: readonly PropertyKey[]) => string,
  format: string,
): UnknownKeyNotice[] {
  const found = unknownKeys(schema, value);
  const notices: UnknownKeyNotice[] = found.slice(0, MAX_UNKNOWN_KEYS).map((key) => {
    const keyPath = formatKeyPath(key.path);
    const other = format === 'docs.json' ? 'mint.json' : 'docs.json';
    const place = format === 'docs.json' ? docsJsonPlaceOf(keyPath) : mintJsonPlaceOf(keyPath);
    const message =
      place === undefined
        ? `not a ${format} setting Offprint knows` +
          `${key.suggestion === undefined ? '' : ` (did you mean "${key.suggestion}"?)`}; ignored`
        : `a ${other} setting, not a ${format} one: ${place}; ignored`;
    return { file: fileOf(key.path), keyPath, message };
  });
  if (found.length > MAX_UNKNOWN_KEYS) {
    notices.push({
      file: fileOf([]),
      message: `and ${found.length - MAX_UNKNOWN_KEYS} more keys that are not ${format} settings Offprint knows; ignored`,
      count: found.length - MAX_UNKNOWN_KEYS,
    });
  }
  return notices;
}

/** Where a problem of the config is: the file and key path its detail names. */
type PlaceOf = (path: readonly PropertyKey[]) => string;

function fail(what: string, issues: readonly ConfigIssue[], placeOf: PlaceOf): never {
  const details = issues.map((issue) => `${placeOf(issue.path)}: ${issue.message}`);
  throw ValidationError(`${what} is not a valid docs configuration: ${details[0] ?? 'unknown problem'}`, details);
}

/** The place in a file (a `$ref` target, for a key spliced from one, when `origins` are given). */
function inFile(value: unknown, file: string, origins?: Origins): PlaceOf {
  return (path) => `${origins === undefined ? file : originOf(value, path, origins, file)}: ${formatKeyPath(path)}`;
}

/**
 * The place in mint.json of a converted config's key path, as the author wrote it where the converter
 * knows it; else the converted one, said to be so.
 */
function inMintJson(places: LegacyPlaces): PlaceOf {
  return (path) => {
    const converted = formatKeyPath(path);
    const place = legacyPlaceOf(converted, places);
    return place === undefined ? `mint.json (converted to docs.json): ${converted}` : `mint.json: ${place}`;
  };
}

function validate(value: unknown, what: string, placeOf: PlaceOf): DocsConfig {
  const parsed = DocsConfigSchema.safeParse(value, { error: errorMap });
  if (!parsed.success) {
    fail(
      what,
      parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
      placeOf,
    );
  }
  const unlabelled = missingLabels(parsed.data.navigation, ['navigation']);
  if (unlabelled.length > 0) fail(what, unlabelled, placeOf);
  return parsed.data;
}

/**
 * Reads the config of the project at `rootDir`. Throws a ValidationError naming file, key path and
 * problem when it is missing, not JSON, has a bad `$ref`, or does not match the schema.
 */
export function loadConfig(rootDir: string): LoadedConfig {
  if (existsSync(join(rootDir, 'docs.json'))) {
    const resolved = resolveConfigRefs(rootDir, 'docs.json');
    const config = validate(resolved.value, 'docs.json', inFile(resolved.value, 'docs.json', resolved.origins));
    const notices = unknownKeyNotices(
      DocsConfigSchema,
      resolved.value,
      (path) => originOf(resolved.value, path, resolved.origins, 'docs.json'),
      'docs.json',
    );
    return { file: 'docs.json', config, files: resolved.files, unknownKeys: notices, invalidValues: [] };
  }
  if (existsSync(join(rootDir, 'mint.json'))) {
    const raw = readJsonFile(join(rootDir, 'mint.json'), 'mint.json');
    const legacy = LegacyConfigSchema.safeParse(raw, { error: errorMap });
    if (!legacy.success) {
      fail(
        'mint.json',
        legacy.error.issues.map((i) => ({ path: i.path, message: i.message })),
        inFile(raw, 'mint.json'),
      );
    }
    // A tab URL naming a page (and no `..` way out of the project) makes a tab with no group a link there.
    const pageExists = (path: string): boolean =>
      !path.split('/').includes('..') && ['.mdx', '.md'].some((ext) => existsSync(join(rootDir, `${path}${ext}`)));
    // Key paths of errors past this point are those of the converted (docs.json-shaped) config.
    const origins: GroupOrigins = new Map();
    const converted = convertMintJson(legacy.data, pageExists, origins);
    const places = new Map([
      ...legacyFieldPlaces(legacy.data, converted),
      ...legacyPlaces(converted['navigation'], origins),
    ]);
    const config = validate(converted, 'mint.json', inMintJson(places));
    // Keys the converter does not convert pass through to the docs.json shape (`redirects`, ...): they
    // are known when docs.json knows them.
    const known = DocsConfigSchema.extend(LegacyConfigSchema.shape);
    const notices = unknownKeyNotices(known, raw, () => 'mint.json', 'mint.json');
    const invalidValues = anchorColorIssues(legacy.data);
    return { file: 'mint.json', config, files: ['mint.json'], unknownKeys: notices, invalidValues, places };
  }
  throw ValidationError('The project has no docs.json (or legacy mint.json) at its root', [
    'docs.json: not found at the root of the project',
  ]);
}
