/**
 * Install-wide settings people change with `offprint settings`. Each has a name (what users type), a
 * key in the `settings` table, and a zod schema for its value; values are stored as JSON: `allowedScripts`,
 * the third-party scripts docs sites may load, and `renderBrowsers`, the remote browsers exports render
 * through (an admin's choice, never an API caller's: it decides where site content is sent).
 */
import { z } from 'zod';
import { writeTransaction, type Db } from '../db/connection.js';
import { deleteSetting, getSetting, setSetting } from '../db/settings.js';
import type { Deps } from '../deps.js';
import { ValidationError } from '../errors.js';
import { BrowserUrlListSchema, parseBrowserUrls, type BrowserEndpoint } from '../render/endpoints.js';

/**
 * A script name: an `integrations` key of docs.json (`ga4`, `posthog`) or the root-relative path of a
 * project `.js` file (`scripts/analytics.js`). No `..`, no absolute paths, no spaces.
 */
const ScriptNameSchema = z
  .string()
  .max(200, 'must be at most 200 characters')
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/, 'must be an integration name or a project path such as scripts/a.js')
  .refine(
    (name) => !name.split('/').some((s) => s === '' || s === '.' || s === '..'),
    'must not contain empty, . or .. segments',
  );

/** The value of `allowedScripts`. */
export const AllowedScriptsSchema = z.array(ScriptNameSchema).max(100, 'must list at most 100 scripts');

/** The setting names users may type; parsing a name with it replaces an unchecked cast. */
const SettingNameSchema = z.enum(['allowedScripts', 'renderBrowsers']);

/** The value of `renderBrowsers`: remote browser URLs, each one a valid `--browser` URL. */
const RenderBrowsersSchema = BrowserUrlListSchema;

/** The setting names, for a command line to check a name before it opens the data dir. */
export const SETTING_NAMES: readonly string[] = SettingNameSchema.options;

/** Names of the settings (`offprint settings set NAME VALUE`). */
export type SettingName = z.output<typeof SettingNameSchema>;

interface SettingDefinition {
  readonly key: string;
  readonly description: string;
  /** Turns what a user typed into the value to store. */
  readonly parse: (raw: string) => readonly string[];
  /** What a stored value must be; a value it refuses counts as unset. */
  readonly stored: z.ZodType<readonly string[]>;
  /** The value when the setting was never set. */
  readonly fallback: readonly string[];
}

/** Splits `a, b,,c` into trimmed, non-empty, distinct items; `./x.js` and `/x.js` become `x.js`. */
function nameList(raw: string): string[] {
  const items = raw
    .split(',')
    .map((item) => item.trim().replace(/^\.?\/+/, ''))
    .filter((item) => item !== '');
  return [...new Set(items)];
}

/** Parses `list` with `schema`, naming the item at fault in each problem. */
function parseList(
  name: SettingName,
  schema: z.ZodType<readonly string[]>,
  list: readonly string[],
): readonly string[] {
  const parsed = schema.safeParse(list);
  if (parsed.success) return parsed.data;
  throw ValidationError(
    `Invalid value for ${name}`,
    parsed.error.issues.map((issue) => {
      const index = issue.path[0];
      const item = typeof index === 'number' ? list[index] : undefined;
      return item === undefined ? `${name}: ${issue.message}` : `${name}: "${item}" ${issue.message}`;
    }),
  );
}

/** Splits `a, b` into trimmed, non-empty items (URLs are kept as typed). */
function urlList(raw: string): string[] {
  return raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

const SETTINGS = {
  allowedScripts: {
    key: 'allowed_scripts',
    description:
      'Third-party scripts docs sites may load, comma-separated: integrations keys of docs.json (ga4, posthog, ...), ' +
      'project .js files by path (scripts/analytics.js), and components (the React components pages define, ' +
      "run in readers' browsers). Empty: none.",
    parse: (raw) => parseList('allowedScripts', AllowedScriptsSchema, nameList(raw)),
    stored: AllowedScriptsSchema,
    fallback: [],
  },
  renderBrowsers: {
    key: 'render_browsers',
    description:
      'Remote Chromium instances exports render through, comma-separated: Playwright browser servers ' +
      '(ws://host:port/ID) or CDP endpoints (http://host:9222, cdp+ws://...). Pages are sharded across them. ' +
      'Empty: a local headless Chromium.',
    parse: (raw) => parseList('renderBrowsers', RenderBrowsersSchema, urlList(raw)),
    stored: RenderBrowsersSchema,
    fallback: [],
  },
} as const satisfies Record<SettingName, SettingDefinition>;

/** A setting as shown to users. */
export interface SettingView {
  readonly name: SettingName;
  readonly value: readonly string[];
  /** False while the setting has its default value because it was never set. */
  readonly isSet: boolean;
  readonly description: string;
}

function definition(name: string): { name: SettingName; def: SettingDefinition } {
  const known = SettingNameSchema.safeParse(name);
  if (!known.success) {
    throw ValidationError(`Unknown setting: ${name}`, [`name: must be one of ${SettingNameSchema.options.join(', ')}`]);
  }
  return { name: known.data, def: SETTINGS[known.data] };
}

function readValue(db: Db, def: SettingDefinition): { value: readonly string[]; isSet: boolean } {
  const stored = getSetting(db, def.key);
  if (stored === undefined) return { value: def.fallback, isSet: false };
  let json: unknown;
  try {
    json = JSON.parse(stored);
  } catch {
    json = undefined;
  }
  // A value this version cannot read (hand-edited, or written by a newer Offprint) counts as unset.
  const parsed = def.stored.safeParse(json);
  return parsed.success ? { value: parsed.data, isSet: true } : { value: def.fallback, isSet: false };
}

/** Every setting with its current value. */
export function listSettings(deps: Pick<Deps, 'db'>): SettingView[] {
  return SettingNameSchema.options.map((name) => getSettingView(deps, name));
}

/** One setting; a ValidationError for an unknown name. */
export function getSettingView(deps: Pick<Deps, 'db'>, name: string): SettingView {
  const { name: known, def } = definition(name);
  return { name: known, ...readValue(deps.db, def), description: def.description };
}

/** Sets a setting from what a user typed (`ga4,scripts/a.js`); an empty string sets an empty list. */
export function setSettingValue(deps: Pick<Deps, 'db'>, name: string, raw: string): SettingView {
  const { def } = definition(name);
  const value = JSON.stringify(def.parse(raw));
  writeTransaction(deps.db, () => setSetting(deps.db, def.key, value));
  return getSettingView(deps, name);
}

/** Puts a setting back to its default; returns the setting as it now is. */
export function unsetSettingValue(deps: Pick<Deps, 'db'>, name: string): SettingView {
  const { def } = definition(name);
  writeTransaction(deps.db, () => deleteSetting(deps.db, def.key));
  return getSettingView(deps, name);
}

/** The scripts docs sites may load (`allowedScripts`), read on every page request: one indexed row. */
export function allowedScripts(db: Db): readonly string[] {
  return readValue(db, SETTINGS.allowedScripts).value;
}

/** The remote browsers exports render through (`renderBrowsers`), read when a job starts. */
export function renderBrowsers(db: Db): BrowserEndpoint[] {
  return parseBrowserUrls(readValue(db, SETTINGS.renderBrowsers).value);
}
