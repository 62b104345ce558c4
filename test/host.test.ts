/**
 * `startOffprint`, the composition root `offprint serve` and the desktop app share: it starts the API,
 * the sites and the export worker on a data dir, and closes them in order (export worker first, while
 * the database is still open; the database last), leaving nothing listening and no server.json behind.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { startOffprint } from '../server/host.js';
import { lazyPlaywrightBackend } from '../server/jobs/backend.js';
import { tempDir } from './helpers/dataDirs.js';

/** A debug-level logger whose records the test reads back. */
function recordingLogger(): { logger: pino.Logger; records: () => Record<string, unknown>[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'debug' }, sink);
  return { logger, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('startOffprint', () => {
  it('starts the API and the sites, then closes everything in order', async () => {
    const dataDir = tempDir();
    const { logger, records } = recordingLogger();
    const offprint = await startOffprint({ dataDir, logger, port: 0, renderBackend: lazyPlaywrightBackend() });
    expect((await fetch(`${offprint.url}/health`)).status).toBe(200);
    const siteUrls = Object.values(offprint.sites.urls());
    expect(siteUrls).toHaveLength(1);
    expect((await fetch(`${siteUrls[0]}/`)).status).toBe(200);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(true);

    await offprint.close();
    const steps = records()
      .filter((r) => r['msg'] === 'shutdown step done')
      .map((r) => r['step']);
    expect(steps).toEqual(['export worker', 'server.json', 'sites', 'api', 'sandboxes', 'serve.lock', 'database']);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    await expect(fetch(`${offprint.url}/health`)).rejects.toThrow();
    await expect(fetch(`${siteUrls[0]}/`)).rejects.toThrow();
    expect(() => offprint.runtime.db.prepare('SELECT 1').get()).toThrow();
  });

  it('closes what it opened when a step fails (the API port is taken)', async () => {
    const first = await startOffprint({
      dataDir: tempDir(),
      logger: pino({ level: 'silent' }),
      port: 0,
      renderBackend: lazyPlaywrightBackend(),
    });
    const port = Number(new URL(first.url).port);
    const dataDir = tempDir();
    const { logger, records } = recordingLogger();
    await expect(startOffprint({ dataDir, logger, port, renderBackend: lazyPlaywrightBackend() })).rejects.toThrow();
    const steps = records()
      .filter((r) => r['msg'] === 'shutdown step done')
      .map((r) => r['step']);
    expect(steps).toEqual(['sites', 'api', 'server.json', 'sandboxes', 'serve.lock', 'database']);
    expect(existsSync(join(dataDir, 'server.json'))).toBe(false);
    await first.close();
  });
});
