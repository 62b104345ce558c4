import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isTrustedSender } from '../main/senders.js';

const ORIGIN = 'http://127.0.0.1:4321';

describe('desktop IPC sender check', () => {
  it('accepts the dashboard top-level frame', () => {
    expect(isTrustedSender({ url: `${ORIGIN}/#/keys`, parent: null }, ORIGIN)).toBe(true);
  });

  it('refuses iframes, other origins, other ports and unparsable URLs', () => {
    expect(isTrustedSender({ url: `${ORIGIN}/`, parent: {} }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'http://evil.example/', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'http://127.0.0.1:9999/', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'file:///etc/passwd', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender({ url: 'not a url', parent: null }, ORIGIN)).toBe(false);
    expect(isTrustedSender(null, ORIGIN)).toBe(false);
  });
});

// The Electron binary is downloaded from GitHub, which this machine cannot reach (ELECTRON_SKIP_BINARY_DOWNLOAD=1).
const electronBinary = existsSync(new URL('../node_modules/electron/path.txt', import.meta.url));

describe.skipIf(!electronBinary)('desktop app (needs the Electron binary: absent on this machine, skipped)', () => {
  it('starts the embedded server and loads the dashboard', async () => {
    const { spawn } = await import('node:child_process');
    const electronPath = (await import('node:fs')).readFileSync(
      new URL('../node_modules/electron/path.txt', import.meta.url),
      'utf8',
    );
    const child = spawn(new URL(`../node_modules/electron/dist/${electronPath}`, import.meta.url).pathname, ['.'], {
      env: { ...process.env, OFFPRINT_LOG_LEVEL: 'info' },
    });
    const started = await new Promise<boolean>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('embedded server started')) resolve(true);
      });
      setTimeout(() => resolve(false), 20_000);
    });
    child.kill();
    expect(started).toBe(true);
  });
});
