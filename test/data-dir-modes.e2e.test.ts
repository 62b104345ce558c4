/**
 * Secrets at rest (issue 9): a data dir and its files are the owner's alone. A fresh data dir is 0700
 * with the database and its journals 0600 (even under a umask of 022); the built CLI writes nothing
 * others can read (umask 077); a world-readable dir we own is tightened; one another user owns is
 * refused with how to fix it. POSIX only: Windows skips these checks (README).
 */
import { chmodSync, chownSync, lstatSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliProcess } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { startTestServer } from './helpers/server.js';
import { SERVE_MINI } from './helpers/siteServe.js';

const posix = process.platform !== 'win32';
const mode = (path: string): string => (statSync(path).mode & 0o777).toString(8);
const parent = tempDir('offprint-modes-');

/** Every path under `dir` whose mode lets group or others in, with its mode. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stats = lstatSync(path);
    if ((stats.mode & 0o077) !== 0) found.push(`${path} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) found.push(...openToOthers(path));
  }
  return found;
}

describe.runIf(posix)('data dir modes', () => {
  it('makes a fresh data dir 0700 and the database, -wal and -shm 0600 (test process umask 022)', async () => {
    const previous = process.umask(0o022);
    const dataDir = join(parent, 'fresh', 'data');
    try {
      const t = await startTestServer({ dataDir });
      // startTestServer has written (an API key), so the WAL and its index exist.
      expect(mode(dataDir)).toBe('700');
      for (const name of ['offprint.db', 'offprint.db-wal', 'offprint.db-shm']) {
        expect(mode(join(dataDir, name)), name).toBe('600');
      }
      await t.close();
    } finally {
      process.umask(previous);
    }
  });

  it('writes nothing others can read from the CLI: database, copied site build, every folder', async () => {
    const dataDir = join(parent, 'cli');
    const created = await cliProcess([
      'projects',
      'create',
      '--name',
      'Modes',
      '--domain',
      'modes.example',
      '--source',
      SERVE_MINI,
      '--data-dir',
      dataDir,
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(readdirSync(join(dataDir, 'sites')).length).toBeGreaterThan(0);
    expect(mode(dataDir)).toBe('700');
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('tightens a world-readable data dir it owns (0755 dir, 0644 database) at the next start', async () => {
    const dataDir = join(parent, 'loose');
    expect((await cliProcess(['orgs', 'create', '--name', 'A', '--data-dir', dataDir])).code).toBe(0);
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'offprint.db'), 0o644);
    const listed = await cliProcess(['projects', 'list', '--data-dir', dataDir]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(mode(dataDir)).toBe('700');
    expect(mode(join(dataDir, 'offprint.db'))).toBe('600');
  });

  it.runIf(process.getuid?.() === 0)(
    'refuses a world-readable data dir owned by another user, saying how to fix it',
    async () => {
      const dataDir = join(parent, 'foreign');
      mkdirSync(dataDir, { mode: 0o755 });
      chmodSync(dataDir, 0o755);
      chownSync(dataDir, 65534, 65534);
      const refused = await cliProcess(['projects', 'list', '--data-dir', dataDir]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(`other users can read ${dataDir} (mode 755)`);
      expect(refused.stderr).toContain(`fix it with \`chmod 700 '${dataDir}'\` as its owner`);
      expect(readdirSync(dataDir)).toEqual([]);
      expect(mode(dataDir)).toBe('755');
    },
  );
});
