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

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted !== null) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string): number[] => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** Dotted IPv4 from two 16-bit groups. */
function ipv4Of(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The IPv4 addresses an IPv6 address carries to the IPv4 internet: NAT64's well-known prefix
 * 64:ff9b::/96 (a NAT64 gateway connects to the last 32 bits), 6to4's 2002::/16 (the relay sends to
 * bits 16-47) and Teredo's 2001::/32 (its server, and the client, stored inverted). Refusing these
 * prefixes whole would break pack on IPv6-only networks that reach the internet through NAT64, so the
 * IPv4 address inside is checked instead.
 */
function embeddedIpv4(address: string): string[] {
  const groups = ipv6Groups(address);
  const [g0, g1, g2, g3, , , g6 = 0, g7 = 0] = groups;
  if (g0 === 0x64 && g1 === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return [ipv4Of(g6, g7)];
  if (g0 === 0x2002 && g1 !== undefined && g2 !== undefined) return [ipv4Of(g1, g2)];
  if (g0 === 0x2001 && g1 === 0 && g2 !== undefined && g3 !== undefined) {
    return [ipv4Of(g2, g3), ipv4Of(g6 ^ 0xffff, g7 ^ 0xffff)];
  }
  return [];
}

/** True for an IP address (v4 or v6, brackets allowed) that is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const version = isIP(bare);
  if (version === 0) return false;
  if (version === 4) return NOT_PUBLIC.check(bare, 'ipv4');
  return NOT_PUBLIC.check(bare, 'ipv6') || embeddedIpv4(bare).some((ipv4) => NOT_PUBLIC.check(ipv4, 'ipv4'));
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
