/**
 * `offprint serve-bundle --delta-url` (the built binary): serving v1 of a small signed site, it takes a
 * delta to v2 over HTTP, rebuilds v2 from the cached v1 zip (its SHA-256 checked), verifies and switches
 * to it; a delta made for another bundle, and an altered one, are refused while the bundle served so far
 * keeps serving; a restart with the same delta link serves v2 from the cache; a delta given as
 * `--bundle-url` (what a bundle link with deltaFrom hands out) is recognised and applied.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDelta } from '../server/delta/create.js';
import { readZipLayout } from '../server/delta/zipLayout.js';
import { loadOrCreateSigningKey } from '../server/signing/keyStore.js';
import { startBundleHost, startServeBundle, type BundleHost, type BundleProcess } from './helpers/bundleServe.js';
import { tempDir } from './helpers/dataDirs.js';
import { craftBundle, V1, V2 } from './helpers/deltaBundles.js';

const sha256 = (file: string): string => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('offprint serve-bundle with a delta', () => {
  const work = tempDir('offprint-serve-delta-');
  const cache = join(work, 'cache');
  const running: BundleProcess[] = [];
  const hosts: BundleHost[] = [];
  let v1: string;
  let v2: string;
  let delta: string;
  let backwards: string;

  async function serve(args: string[]): Promise<BundleProcess> {
    const proc = await startServeBundle(['--cache', cache, '--port', '0', ...args]);
    running.push(proc);
    return proc;
  }

  async function host(file: string): Promise<string> {
    const served = await startBundleHost(readFileSync(file), `"${sha256(file)}"`);
    hosts.push(served);
    return served.url;
  }

  beforeAll(async () => {
    const key = loadOrCreateSigningKey(join(work, 'data'), 'org-docs');
    v1 = await craftBundle(V1, key, work);
    v2 = await craftBundle(V2, key, work);
    delta = join(work, 'v1-to-v2.zip');
    await createDelta(v1, v2, delta, key);
    // A delta whose base is v2: the server holds v1.
    backwards = join(work, 'v2-to-v1.zip');
    await createDelta(v2, v1, backwards, key);
  });

  afterAll(async () => {
    for (const proc of running) await proc.stop();
    for (const served of hosts) await served.close();
  });

  it('applies a delta to the bundle it serves and switches to the result; refuses one for another bundle', async () => {
    const first = await serve(['--bundle-url', pathToFileURL(v1).href]);
    expect(await first.ready()).toEqual({ status: 'ready', sha256: sha256(v1), version: 'v1' });
    await first.stop();

    const wrong = await serve(['--delta-url', await host(backwards)]);
    expect(await wrong.ready()).toEqual({ status: 'ready', sha256: sha256(v1), version: 'v1' });
    expect(wrong.stderr()).toContain(`it was made for bundle ${sha256(v2)}, which this server does not have`);
    expect((await fetch(`${wrong.url}/guides/legacy`)).status).toBe(200);
    await wrong.stop();

    const altered = join(work, 'altered.zip');
    const bytes = readFileSync(delta);
    const page = readZipLayout(delta).entries.find((e) => e.name === 'guides/intro.html');
    const at = (page?.end ?? 0) - 30;
    bytes[at] = (bytes[at] ?? 0) ^ 0x01;
    writeFileSync(altered, bytes);
    const refused = await serve(['--delta-url', pathToFileURL(altered).href]);
    expect((await refused.ready()).sha256).toBe(sha256(v1));
    expect(refused.stderr()).toContain('guides/intro.html in the delta was altered');
    await refused.stop();

    const link = await host(delta);
    const updated = await serve(['--delta-url', link]);
    expect(await updated.ready()).toEqual({ status: 'ready', sha256: sha256(v2), version: 'v2' });
    const advanced = await fetch(`${updated.url}/guides/advanced`);
    expect(advanced.status).toBe(200);
    expect(await advanced.text()).toContain('Tune the workers for large sites.');
    expect((await fetch(`${updated.url}/guides/legacy`)).status).toBe(404);
    expect(await (await fetch(`${updated.url}/images/diagram.png`)).arrayBuffer()).toEqual(
      V2.image.buffer.slice(V2.image.byteOffset, V2.image.byteOffset + V2.image.length),
    );
    await updated.stop();

    // The rebuilt v2 is cached under the delta's link: a restart serves it without fetching anything.
    const requests = hosts.at(-1)?.ranges.length ?? 0;
    const restarted = await serve(['--delta-url', link]);
    expect((await restarted.ready()).sha256).toBe(sha256(v2));
    expect(hosts.at(-1)?.ranges.length).toBe(requests);
    await restarted.stop();

    // A bundle link that hands out a delta (the API's deltaFrom) is taken as one: back from v2 to v1.
    const back = await serve(['--bundle-url', await host(backwards)]);
    expect(await back.ready()).toEqual({ status: 'ready', sha256: sha256(v1), version: 'v1' });
    expect((await fetch(`${back.url}/guides/legacy`)).status).toBe(200);
  }, 120_000);
});
