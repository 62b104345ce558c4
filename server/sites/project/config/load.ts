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
import { LegacyConfigSchema } from './legacySchema.js';
import { formatKeyPath, originOf, resolveConfigRefs, type Origins } from './refs.js';
import { DocsConfigSchema, missingLabels, type ConfigIssue, type DocsConfig } from './schema.js';

/** A loaded, validated config. */
export interface LoadedConfig {
  readonly file: 'docs.json' | 'mint.json';
  readonly config: DocsConfig;
  /** Project-relative files read (the config and every `$ref` target). */
  readonly files: readonly string[];
}

function fail(
  what: string,
  value: unknown,
  issues: readonly ConfigIssue[],
  origins: Origins | undefined,
  file: string,
): never {
  const details = issues.map((issue) => {
    const origin = origins === undefined ? file : originOf(value, issue.path, origins, file);
    return `${origin}: ${formatKeyPath(issue.path)}: ${issue.message}`;
  });
  throw ValidationError(`${what} is not a valid docs configuration: ${details[0] ?? 'unknown problem'}`, details);
}

function validate(value: unknown, file: string, origins: Origins | undefined, what: string): DocsConfig {
  const parsed = DocsConfigSchema.safeParse(value, { error: errorMap });
  if (!parsed.success) {
    fail(
      what,
      value,
      parsed.error.issues.map((i) => ({ path: i.path, message: i.message })),
      origins,
      file,
    );
  }
  const unlabelled = missingLabels(parsed.data.navigation, ['navigation']);
  if (unlabelled.length > 0) fail(what, value, unlabelled, origins, file);
  return parsed.data;
}

/**
 * Reads the config of the project at `rootDir`. Throws a ValidationError naming file, key path and
 * problem when it is missing, not JSON, has a bad `$ref`, or does not match the schema.
 */
export function loadConfig(rootDir: string): LoadedConfig {
  if (existsSync(join(rootDir, 'docs.json'))) {
    const resolved = resolveConfigRefs(rootDir, 'docs.json');
    const config = validate(resolved.value, 'docs.json', resolved.origins, 'docs.json');
    return { file: 'docs.json', config, files: resolved.files };
  }
  if (existsSync(join(rootDir, 'mint.json'))) {
    const raw = readJsonFile(join(rootDir, 'mint.json'), 'mint.json');
    const legacy = LegacyConfigSchema.safeParse(raw, { error: errorMap });
    if (!legacy.success) {
      fail(
        'mint.json',
        raw,
        legacy.error.issues.map((i) => ({ path: i.path, message: i.message })),
        undefined,
        'mint.json',
      );
    }
    // A tab URL naming a page (and no `..` way out of the project) makes a tab with no group a link there.
    const pageExists = (path: string): boolean =>
      !path.split('/').includes('..') && ['.mdx', '.md'].some((ext) => existsSync(join(rootDir, `${path}${ext}`)));
    // Key paths of errors past this point are those of the converted (docs.json-shaped) config.
    const converted = convertMintJson(legacy.data, pageExists);
    const config = validate(converted, 'mint.json (converted to docs.json)', undefined, 'mint.json');
    return { file: 'mint.json', config, files: ['mint.json'] };
  }
  throw ValidationError('The project has no docs.json (or legacy mint.json) at its root', [
    'docs.json: not found at the root of the project',
  ]);
}
