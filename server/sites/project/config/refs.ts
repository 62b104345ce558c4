/**
 * `$ref` splicing for docs.json (format reference §1.2): `{"$ref": "./file.json"}` anywhere is replaced by
 * the parsed file; nested refs resolve relative to the file that contains them; sibling keys are merged
 * over an object target (siblings win) and ignored for array/scalar targets; refs must be relative and
 * stay inside the project; cycles are an error. Splicing is capped (see {@link REF_LIMITS}): a few KB of
 * files referencing each other many times would otherwise expand to millions of values.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ValidationError } from '../../../errors.js';
import { formatBytes } from '../../../bytes.js';
import { readJsonFile } from './json.js';

/**
 * Caps on the spliced config. Real configs (novu: a few thousand values, under 100 KB, about ten levels)
 * fit many times over. `maxBytes` counts every file read, a file referenced twice counting twice.
 */
export const REF_LIMITS = { maxDepth: 64, maxNodes: 100_000, maxBytes: 8 * 1024 * 1024 } as const;

/** Where each object/array of a resolved config came from, so errors can name the right file. */
export type Origins = WeakMap<object, string>;

/** A resolved config value and the origin of its containers. */
export interface ResolvedJson {
  readonly value: unknown;
  readonly origins: Origins;
  /** Project-relative files spliced in, in the order first read. */
  readonly files: readonly string[];
}

/** Formats a key path (`navigation.tabs[2].groups[0]`) from path segments. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(root)' : out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toPosix(path: string): string {
  return path.split(sep).join('/');
}

class RefResolver {
  readonly origins: Origins = new WeakMap();
  readonly files: string[] = [];
  private readonly rootReal: string;
  private nodes = 0;
  private bytes = 0;

  constructor(private readonly rootDir: string) {
    this.rootReal = realpathSync(rootDir);
  }

  /** Resolves `file` (project-relative) and everything it references. `chain` = files being resolved. */
  resolveFile(relFile: string, chain: readonly string[], depth = 0): unknown {
    if (!this.files.includes(relFile)) this.files.push(relFile);
    const abs = join(this.rootDir, relFile);
    this.bytes += statSync(abs).size;
    if (this.bytes > REF_LIMITS.maxBytes) {
      this.tooBig(relFile, `files read add up to more than the ${formatBytes(REF_LIMITS.maxBytes)} allowed`);
    }
    const value = readJsonFile(abs, relFile);
    return this.walk(value, relFile, [...chain, relFile], [], depth);
  }

  private tooBig(file: string, problem: string): never {
    throw ValidationError(`docs.json expands too much through $ref (at ${file})`, [
      `${file}: $ref splicing: ${problem}`,
    ]);
  }

  /** Counts one value of the result; refuses past the node and depth caps. */
  private count(file: string, path: readonly PropertyKey[], depth: number): void {
    if (++this.nodes > REF_LIMITS.maxNodes) {
      this.tooBig(file, `more than the ${REF_LIMITS.maxNodes} values allowed (at ${formatKeyPath(path)})`);
    }
    if (depth > REF_LIMITS.maxDepth) {
      this.tooBig(file, `nested deeper than the ${REF_LIMITS.maxDepth} levels allowed (at ${formatKeyPath(path)})`);
    }
  }

  private fail(file: string, path: readonly PropertyKey[], problem: string): never {
    throw ValidationError(`Invalid $ref in ${file}`, [`${file}: ${formatKeyPath(path)}.$ref: ${problem}`]);
  }

  /** Checks a `$ref` string and returns the project-relative target file. */
  private target(ref: string, file: string, path: readonly PropertyKey[]): string {
    if (ref.trim() === '') this.fail(file, path, 'is empty');
    if (/^[a-z][a-z0-9+.-]*:/i.test(ref) || isAbsolute(ref) || ref.startsWith('/') || ref.includes('\\')) {
      this.fail(file, path, `"${ref}" must be a relative path inside the project (like "./nav/en.json")`);
    }
    const abs = resolve(this.rootDir, dirname(file), ref);
    const rel = relative(this.rootDir, abs);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) {
      this.fail(file, path, `"${ref}" points outside the project`);
    }
    if (!existsSync(abs)) this.fail(file, path, `"${ref}" does not exist (looked for ${toPosix(rel)})`);
    // A symlink inside the project could still lead out of it.
    const real = realpathSync(abs);
    if (real !== this.rootReal && !real.startsWith(this.rootReal + sep)) {
      this.fail(file, path, `"${ref}" points outside the project`);
    }
    return toPosix(rel);
  }

  private walk(value: unknown, file: string, chain: readonly string[], path: PropertyKey[], depth: number): unknown {
    this.count(file, path, depth);
    if (Array.isArray(value)) {
      const out = value.map((item, i) => this.walk(item, file, chain, [...path, i], depth + 1));
      this.origins.set(out, file);
      return out;
    }
    if (!isObject(value)) return value;
    const ref = value['$ref'];
    if (ref !== undefined) {
      if (typeof ref !== 'string') this.fail(file, path, 'must be a string');
      const target = this.target(ref, file, path);
      if (chain.includes(target)) {
        this.fail(file, path, `circular reference: ${[...chain, target].join(' -> ')}`);
      }
      const spliced = this.resolveFile(target, chain, depth);
      if (!isObject(spliced)) return spliced;
      const merged: Record<string, unknown> = { ...spliced };
      for (const [key, sibling] of Object.entries(value)) {
        if (key !== '$ref') merged[key] = this.walk(sibling, file, chain, [...path, key], depth + 1);
      }
      this.origins.set(merged, target);
      return merged;
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value))
      out[key] = this.walk(child, file, chain, [...path, key], depth + 1);
    this.origins.set(out, file);
    return out;
  }
}

/**
 * Reads `configFile` (project-relative) under `rootDir` and splices every `$ref`. Throws a
 * ValidationError naming file, key path and problem for invalid JSON, escapes, missing files and cycles.
 */
export function resolveConfigRefs(rootDir: string, configFile: string): ResolvedJson {
  const resolver = new RefResolver(rootDir);
  const value = resolver.resolveFile(configFile, []);
  return { value, origins: resolver.origins, files: resolver.files };
}

/** The file the innermost container on `path` came from (for error messages), else `fallback`. */
export function originOf(root: unknown, path: readonly PropertyKey[], origins: Origins, fallback: string): string {
  let file = fallback;
  let node: unknown = root;
  if (typeof node === 'object' && node !== null) file = origins.get(node) ?? file;
  for (const segment of path) {
    if (typeof node !== 'object' || node === null) break;
    node = Reflect.get(node, segment);
    if (typeof node === 'object' && node !== null) file = origins.get(node) ?? file;
  }
  return file;
}
