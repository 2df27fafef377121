import { CALLBACK_URL_MAX_LENGTH } from '@shoebox/contracts';
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
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
// BlockList checks an IPv4-mapped address (::ffff:7f00:1) against the IPv4 ranges itself. Refused whole:
// the unspecified, loopback and IPv4-compatible addresses (::/96), every form that carries an IPv4 address
// to be reached through it (IPv4-translated, NAT64 well-known and local, 6to4, Teredo), the discard
// prefix, unique-local, link-local, the deprecated site-local, documentation and multicast.
for (const [network, prefix] of [
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/**
 * Names that resolve inside a network only, once trailing dots are dropped: a single label ("intranet"), a
 * special-use domain, or a suffix intranets use by custom (.corp, .lan, .home, .localdomain).
 */
const INTERNAL_NAME = /(^|\.)(localhost|localdomain|local|internal|intranet|corp|lan|home|private|home\.arpa|test|invalid)$|^[^.]+$/;
/**
 * Public names that answer with whatever address they are given (127.0.0.1.nip.io, 10-0-0-1.sslip.io) or
 * with loopback for every name (localtest.me, lvh.me): refused whole, as is any name that spells an IPv4
 * address in its labels.
 */
const LOOPBACK_SERVICE = /(^|\.)(nip\.io|sslip\.io|xip\.io|traefik\.me|localtest\.me|lvh\.me|vcap\.me|localhost\.run)$/;
const SPELLED_IPV4 = /(^|[.-])\d{1,3}[.-]\d{1,3}[.-]\d{1,3}[.-]\d{1,3}([.-]|$)/;

/**
 * The callback address as it is kept, or undefined when it may not be. Kept as the WHATWG parser wrote
 * it back (which also turned 127.1, 2130706433 and 0x7f.0.0.1 into 127.0.0.1): the host checked here is
 * then the host any later caller reads, whatever parser it uses ("https://a.example\@127.0.0.1/" is
 * kept as "https://a.example/@127.0.0.1/"). Any other public name that resolves to a private address can
 * only be caught when the call is made: whatever makes the call resolves the name and checks every address
 * against NOT_PUBLIC again (decision 062).
 */
export function storableCallbackUrl(typed: string): string | undefined {
  const url = new URL(typed);
  if (url.username || url.password || url.port === '0' || url.href.length > CALLBACK_URL_MAX_LENGTH) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');
  if (isIPv4(host)) return NOT_PUBLIC.check(host, 'ipv4') ? undefined : url.href;
  if (isIPv6(host)) return NOT_PUBLIC.check(host, 'ipv6') ? undefined : url.href;
  return INTERNAL_NAME.test(host) || LOOPBACK_SERVICE.test(host) || SPELLED_IPV4.test(host) ? undefined : url.href;
}
