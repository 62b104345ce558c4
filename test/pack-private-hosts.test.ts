/**
 * `offprint pack` refuses to copy what lives on the packing machine's own network: a project's URL to a
 * loopback, private or link-local address (written as an address, as a name that resolves to one, or
 * reached by a redirect) fails with a reason naming `--allow-private-hosts`, and nothing is requested.
 * The local "internet" of the other pack tests (helpers/packInternet.ts) is on 127.0.0.1, so here it
 * stands in for an intranet server.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../server/logger.js';
import { redirectTarget } from '../server/pack/fetch.js';
import { isPrivateAddress, publicOnlyLookup } from '../server/pack/hosts.js';
import { DEFAULT_PACK_LIMITS, packProject } from '../server/pack/pack.js';
import { cli } from './helpers/cli.js';
import { tempDir } from './helpers/dataDirs.js';
import { remoteProject, startInternet, type Internet } from './helpers/packInternet.js';

const REFUSED =
  /^(127\.0\.0\.1|::1) is a private or local address, refused \(pass --allow-private-hosts to fetch it\)$/;

let net: Internet;
beforeAll(async () => {
  net = await startInternet();
});
afterAll(() => net.close());

describe('private addresses', () => {
  it('are told apart from public ones, IPv4-mapped IPv6 and bracketed forms included', () => {
    const local = ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0'];
    const local6 = ['::1', '[::1]', '::', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:a00:1', 'ff02::1'];
    for (const address of [...local, ...local6]) expect(isPrivateAddress(address), address).toBe(true);
    const open = [
      '8.8.8.8',
      '1.1.1.1',
      '172.32.0.1',
      '2606:4700:4700::1111',
      '[2a00:1450:4001::200e]',
      'cdn.example.org',
    ];
    for (const address of open) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('are found inside IPv6 addresses that carry an IPv4 one: NAT64, 6to4 and Teredo', () => {
    const carried = [
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::10.0.0.5',
      '[64:ff9b::a9fe:a9fe]', // 169.254.169.254
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2002:a00:5::',
      '2001:0:4136:e378:8000:63bf:f5ff:fffa', // Teredo client 10.0.0.5, stored inverted
    ];
    for (const address of carried) expect(isPrivateAddress(address), address).toBe(true);
    const publicOnes = [
      '64:ff9b::808:808',
      '64:ff9b::8.8.8.8',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:fbfb',
    ];
    for (const address of publicOnes) expect(isPrivateAddress(address), address).toBe(false);
  });

  it('are refused when a name resolves to one, in the lookup every connection makes', async () => {
    const refused = await new Promise<Error | null>((done) =>
      publicOnlyLookup('localhost', { all: true }, (error: Error | null) => done(error)),
    );
    expect(refused?.message).toMatch(REFUSED);
  });

  it('are refused as a redirect target written as an address, in any spelling', () => {
    const limits = { ...DEFAULT_PACK_LIMITS, allowHttp: true };
    const from = new URL('http://cdn.example.org/a.png');
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'https://[::1]/x', 'http://0x7f.1/x']) {
      expect(() => redirectTarget(from, target, limits), target).toThrow('--allow-private-hosts');
    }
    expect(redirectTarget(from, 'https://10.0.0.5/x', { ...limits, allowPrivateHosts: true }).host).toBe('10.0.0.5');
  });
});

describe('offprint pack and an intranet server', () => {
  it('fetches nothing from it, by address or by name, unless allowed', async () => {
    const limits = { ...DEFAULT_PACK_LIMITS, allowHttp: true };
    const byAddress = await packProject(remoteProject(net.base), join(tempDir(), 'a.zip'), limits, silentLogger());
    const byName = remoteProject(net.base.replace('127.0.0.1', 'localhost'));
    const named = await packProject(byName, join(tempDir(), 'n.zip'), limits, silentLogger());
    for (const report of [byAddress, named]) {
      expect(report.packed).toEqual([]);
      expect(report.failed.length).toBeGreaterThan(5);
      for (const failure of report.failed) expect(failure.reason, failure.url).toMatch(REFUSED);
    }
    expect([...net.hits.values()].reduce((a, b) => a + b, 0)).toBe(0);

    const allowed = await packProject(
      byName,
      join(tempDir(), 'y.zip'),
      { ...limits, allowPrivateHosts: true },
      silentLogger(),
    );
    expect(allowed.packed.map((p) => p.url)).toContain(`${net.base.replace('127.0.0.1', 'localhost')}/img.png`);
  }, 120_000);

  it('says so in the CLI report, which names the flag', async () => {
    const out = join(tempDir(), 'cli.zip');
    const refused = await cli(['pack', remoteProject(net.base), '--out', out, '--allow-http', '--strict']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('Fetched 0 remote assets');
    expect(refused.stdout).toContain(
      `${net.base}/img.png: 127.0.0.1 is a private or local address, refused (pass --allow-private-hosts to fetch it)`,
    );
  }, 120_000);
});
