/**
 * Which hosts `offprint pack` may connect to. A project is untrusted input, and pack runs on a machine
 * inside some organisation's network: without this, an image URL such as `http://10.0.0.5/secret.png`
 * or `http://169.254.169.254/...` would copy intranet or cloud-metadata bytes into the zip that is then
 * carried away. So loopback, private, link-local and other non-public addresses are refused unless the
 * person running pack allows them (`--allow-private-hosts`, for teams that keep images on an intranet).
 *
 * The check is made on the address actually connected to, inside the connection's own DNS lookup, for
 * every connection (each redirect hop included): checking a name once and connecting later would let a
 * name that answers a public address first and a private one next (DNS rebinding) through.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent } from 'undici';

/** IPv4 ranges that are not the public internet (IANA special-purpose registry). */
const IPV4_RANGES: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

/** IPv6 ranges that are not the public internet; IPv4-mapped addresses are checked as IPv4 by BlockList. */
const IPV6_RANGES: readonly (readonly [string, number])[] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
];

const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of IPV4_RANGES) NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6_RANGES) NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

/** True for an IP address (v4 or v6, brackets allowed) that is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare);
  if (version === 0) return false;
  return NOT_PUBLIC.check(bare, version === 4 ? 'ipv4' : 'ipv6');
}

/** The refusal pack reports for a private address. */
export function privateAddressReason(address: string): string {
  return `${address} is a private or local address, refused (pass --allow-private-hosts to fetch it)`;
}

/** An error the connection fails with; fetch.ts reports its message as the reason. */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * `dns.lookup` that fails when any address a name resolves to is private: one private answer among
 * public ones is refused too, since the connection may pick it.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  const check = (addresses: readonly LookupAddress[]): Error | null => {
    const refused = addresses.find((entry) => isPrivateAddress(entry.address));
    return refused === undefined ? null : new PrivateAddressError(privateAddressReason(refused.address));
  };
  if (options.all === true) {
    dnsLookup(hostname, { ...options, all: true } satisfies LookupAllOptions, (error, addresses) => {
      if (error !== null) return callback(error, []);
      const refused = check(addresses);
      return refused === null ? callback(null, addresses) : callback(refused, []);
    });
    return;
  }
  dnsLookup(hostname, { ...options, all: false }, (error, address, family) => {
    if (error !== null) return callback(error, '', family);
    const refused = check([{ address, family }]);
    return refused === null ? callback(null, address, family) : callback(refused, '', family);
  });
}

/**
 * The connection pool one pack fetches through: with `allowPrivateHosts` false, every connection's
 * lookup refuses private addresses. The caller closes it when the pack is done.
 */
export function createFetchAgent(allowPrivateHosts: boolean): Agent {
  return new Agent(allowPrivateHosts ? {} : { connect: { lookup: publicOnlyLookup } });
}
