/** Where Offprint keeps its data, and which address it serves on. */
import { homedir, platform } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * An environment variable's value, or undefined when it is unset or empty: `OFFPRINT_DATA_DIR=` (a script
 * passing an unset variable on) means "not given", never "the current folder", which `resolve('')` is.
 */
export function envValue(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name];
  return value === undefined || value.trim() === '' ? undefined : value;
}

/** The per-OS application-data folder Offprint uses when neither `--data-dir` nor `OFFPRINT_DATA_DIR` is set. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const home = homedir();
  switch (platform()) {
    case 'win32':
      return join(envValue(env, 'APPDATA') ?? join(home, 'AppData', 'Roaming'), 'Offprint');
    case 'darwin':
      return join(home, 'Library', 'Application Support', 'Offprint');
    default: {
      // The XDG spec: an empty or relative XDG_DATA_HOME is invalid and ignored.
      const xdg = envValue(env, 'XDG_DATA_HOME');
      return join(xdg !== undefined && isAbsolute(xdg) ? xdg : join(home, '.local', 'share'), 'offprint');
    }
  }
}

/** `--data-dir`, else `OFFPRINT_DATA_DIR` (unless empty), else the per-OS default; always absolute. */
export function resolveDataDir(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  return resolve(flag ?? envValue(env, 'OFFPRINT_DATA_DIR') ?? defaultDataDir(env));
}

/** The database file inside a data dir. */
export function databaseFile(dataDir: string): string {
  return join(dataDir, 'offprint.db');
}

/** Extra Host names to accept (`OFFPRINT_ALLOWED_HOSTS`, comma-separated), besides the loopback names. */
export function allowedHostsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env['OFFPRINT_ALLOWED_HOSTS'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => h !== '');
}

const renderEnvSchema = z.object({
  OFFPRINT_RENDER_TIMEOUT: z.coerce.number().positive().max(600).optional(),
  OFFPRINT_RENDER_MEMORY_MB: z.coerce.number().int().min(64).max(16_384).optional(),
  OFFPRINT_RENDER_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
});

/** Render-sandbox settings from the environment (see README, Configuration); unset ones keep the defaults. */
export interface RenderEnv {
  pageTimeoutMs?: number;
  memoryMb?: number;
  maxProcesses?: number;
}

/**
 * `OFFPRINT_RENDER_TIMEOUT` (seconds a page may take), `OFFPRINT_RENDER_MEMORY_MB` (heap of one sandbox
 * process) and `OFFPRINT_RENDER_PROCESSES` (sandboxes at once). Throws a message naming the bad variable.
 */
export function renderEnv(env: NodeJS.ProcessEnv = process.env): RenderEnv {
  const parsed = renderEnvSchema.safeParse({
    OFFPRINT_RENDER_TIMEOUT: env['OFFPRINT_RENDER_TIMEOUT'] || undefined,
    OFFPRINT_RENDER_MEMORY_MB: env['OFFPRINT_RENDER_MEMORY_MB'] || undefined,
    OFFPRINT_RENDER_PROCESSES: env['OFFPRINT_RENDER_PROCESSES'] || undefined,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${String(issue?.path[0] ?? 'environment')}: ${issue?.message ?? 'invalid'}`);
  }
  const {
    OFFPRINT_RENDER_TIMEOUT: timeout,
    OFFPRINT_RENDER_MEMORY_MB: memory,
    OFFPRINT_RENDER_PROCESSES: count,
  } = parsed.data;
  const out: RenderEnv = {};
  if (timeout !== undefined) out.pageTimeoutMs = Math.round(timeout * 1000);
  if (memory !== undefined) out.memoryMb = memory;
  if (count !== undefined) out.maxProcesses = count;
  return out;
}

/**
 * `SOURCE_DATE_EPOCH` (the reproducible-builds convention, seconds since 1970): when set, the time every
 * bundle records instead of its job's creation time, so two exports of the same site and options give
 * the same bytes. Null when unset; throws naming the variable when it is not a whole number of seconds.
 */
export function sourceDateEpochMs(env: NodeJS.ProcessEnv = process.env): number | null {
  const raw = env['SOURCE_DATE_EPOCH'];
  if (raw === undefined || raw === '') return null;
  if (!/^\d{1,12}$/.test(raw)) throw new Error(`SOURCE_DATE_EPOCH: must be a whole number of seconds (got "${raw}")`);
  return Number(raw) * 1000;
}
