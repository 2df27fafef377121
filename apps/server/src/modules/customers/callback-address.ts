import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses the server must never call back (decision 062): the callback is made from inside the
 * retailer's network, so a callback to loopback, a private or link-local range (the cloud metadata
 * service at 169.254.169.254) or an intranet name would let a customer reach what only the server can.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// BlockList checks an IPv4-mapped address (::ffff:7f00:1) against the IPv4 ranges itself; the unspecified,
// loopback and IPv4-compatible addresses (::/96) and NAT64 (which reaches any IPv4 address) are refused whole.
for (const [network, prefix] of [
  ['::', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Names that resolve inside a network only: a single label ("intranet") or a special-use domain. */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$|^[^.]+$/;

/**
 * Why a callback address may not be stored, or undefined. The WHATWG parser has already turned 127.1,
 * 2130706433 and 0x7f.0.0.1 into 127.0.0.1. A public name that resolves to a private address can only
 * be caught when the call is made.
 */
export function callbackAddressProblem(callbackUrl: string): 'credentials' | 'not_public' | undefined {
  const url = new URL(callbackUrl);
  if (url.username || url.password) return 'credentials';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  if (isIPv4(host)) return NOT_PUBLIC.check(host, 'ipv4') ? 'not_public' : undefined;
  if (isIPv6(host)) return NOT_PUBLIC.check(host, 'ipv6') ? 'not_public' : undefined;
  return INTERNAL_NAME.test(host) ? 'not_public' : undefined;
}
