/**
 * One key per host, so that every spelling of an address meets the same block and the same
 * self-link check (docs/shorturls.md, Blocked hosts; docs/api.md, Short URLs: `url`). A host comes
 * as the URL parser writes `url.hostname`, or as an operator types it (IPv6 bare or bracketed,
 * any case, a final dot). Its key:
 *
 * - an IPv4 address: dotted decimal (the URL parser has read every other notation);
 * - an IPv6 address that embeds an IPv4 one (mapped ::ffff:0:0/96, compatible ::/96, NAT64's
 *   well-known prefix 64:ff9b::/96): that IPv4 address; but `::` and `::1` are IPv6's own
 *   unspecified and loopback addresses, not 0.0.0.0 and 0.0.0.1, and keep their IPv6 key;
 * - any other IPv6 address: `[` + its RFC 5952 form + `]`, as the URL parser writes it;
 * - a name: lower case, without its final dot.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** The IPv6 ranges whose last 32 bits are an IPv4 address. */
const EMBEDS_IPV4 = new BlockList();
EMBEDS_IPV4.addSubnet('::ffff:0:0', 96, 'ipv6');
EMBEDS_IPV4.addSubnet('::', 96, 'ipv6');
EMBEDS_IPV4.addSubnet('64:ff9b::', 96, 'ipv6');

/** This machine by address: loopback (127/8, ::1) or unspecified (0/8, ::). */
const LOOPBACK_OR_UNSPECIFIED = new BlockList();
LOOPBACK_OR_UNSPECIFIED.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK_OR_UNSPECIFIED.addSubnet('0.0.0.0', 8, 'ipv4');
LOOPBACK_OR_UNSPECIFIED.addAddress('::1', 'ipv6');
LOOPBACK_OR_UNSPECIFIED.addAddress('::', 'ipv6');

/** The IPv4 address in the last 32 bits of an IPv6 address as the URL parser writes it: its last two groups, `::` standing for zeros. */
function lastIpv4(address: string): string {
  const [high, low] = address
    .split(':')
    .slice(-2)
    .map((group) => Number.parseInt(group || '0', 16)) as [number, number];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** The key of an IP address, bracketed or not; undefined when `host` is no address (a name). */
export function addressKeyOf(host: string): string | undefined {
  const text = host.replace(/^\[(.*)\]$/, '$1');
  if (isIPv4(text)) return text;
  // node:net says what is an IPv6 address, the URL parser how it is written; a zone (fe80::1%eth0) is no URL's host.
  if (!isIPv6(text) || text.includes('%')) return undefined;
  const address = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const ownAddress = address === '::' || address === '::1';
  return EMBEDS_IPV4.check(address, 'ipv6') && !ownAddress ? lastIpv4(address) : `[${address}]`;
}

/** The key of a host: its address's, else its name lower case without a final dot. */
export const hostKeyOf = (host: string): string => addressKeyOf(host) ?? host.toLowerCase().replace(/\.$/, '');

/** Whether a host's key is a loopback or unspecified address. */
function isLoopbackOrUnspecified(key: string): boolean {
  if (isIPv4(key)) return LOOPBACK_OR_UNSPECIFIED.check(key, 'ipv4');
  return key.startsWith('[') && LOOPBACK_OR_UNSPECIFIED.check(key.slice(1, -1), 'ipv6');
}

/**
 * The short-link host in any spelling (docs/api.md, Short URLs: `url`): a link that leads back to
 * it would redirect to itself, adding a view at every hop. It answers at its configured origin, at
 * its API Gateway address and at its custom domain (SHORT_LINK_HOSTS, from template.yaml), on any
 * port; and when it runs locally, on a loopback address or localhost, it answers on its port at
 * every loopback or unspecified address. Hosts are compared by their keys, which
 * are the same for every spelling of an address (above): IPv4 in any notation, IPv6 in any form, an IPv4
 * address mapped into IPv6 or behind NAT64's prefix.
 */
export interface ShortLinkHost {
  /** The origin short URLs carry, e.g. https://sho.rt */
  readonly origin: URL;
  /** The keys of the host names it also answers at. */
  readonly aliases: ReadonlySet<string>;
}

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** Whether a host name (as the URL parser writes it) is this machine: localhost, or a loopback or unspecified address. */
function isLocalHostname(hostname: string): boolean {
  const key = hostKeyOf(hostname);
  return key === 'localhost' || key.endsWith('.localhost') || isLoopbackOrUnspecified(key);
}

/**
 * Whether a link (parsed) leads to the short-link host. A host is the host on any port; a local
 * origin (development) is its port on this machine, whatever address names it.
 */
export function leadsToShortLinkHost(link: URL, host: ShortLinkHost): boolean {
  const key = hostKeyOf(link.hostname);
  if (host.aliases.has(key)) return true;
  if (isLocalHostname(host.origin.hostname)) return isLocalHostname(link.hostname) && portOf(link) === portOf(host.origin);
  return key === hostKeyOf(host.origin.hostname);
}
