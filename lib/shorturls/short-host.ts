/**
 * The short-link host in any spelling (docs/api.md, Short URLs: `url`): a link that leads back to
 * it would redirect to itself, adding a view at every hop. It answers at its configured origin, at
 * its API Gateway address and at its custom domain (SHORT_LINK_HOSTS, from template.yaml), on any
 * port; and when it runs locally, on a loopback address, it answers on its port at every loopback
 * or unspecified address, in every notation. The URL parser has already brought IPv4 in any
 * notation (octal, hex, short, one number) to dotted decimal, and IPv6 to its shortest form; what
 * remains is to see which of those reach this machine.
 */

export interface ShortLinkHost {
  /** The origin short URLs carry, e.g. https://sho.rt */
  readonly origin: URL;
  /** Host names it also answers at, lower case, without a final dot. */
  readonly aliases: ReadonlySet<string>;
}

const hostnameOf = (url: URL): string => url.hostname.toLowerCase().replace(/\.$/, '');
const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** An IPv4 address (dotted decimal) in 127.0.0.0/8 (loopback) or 0.0.0.0/8 (this host). */
const isLocalIpv4 = (octets: readonly number[]): boolean => octets[0] === 127 || octets[0] === 0;

/** The eight 16-bit groups of an IPv6 address as the URL parser writes it (`::ffff:7f00:1`). */
function ipv6Groups(address: string): number[] | undefined {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = parse(tail);
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined;
}

/** Whether a host name (as the URL parser writes it) is this machine: loopback or unspecified, IPv4 or IPv6. */
export function isLocalHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return isLocalIpv4(name.split('.').map(Number));
  if (!name.startsWith('[')) return false;
  const groups = ipv6Groups(name.slice(1, -1));
  if (groups === undefined) return false;
  // IPv4 in IPv6, mapped (::ffff:a.b.c.d) or compatible (::a.b.c.d): the compatible form also
  // spells :: (0.0.0.0) and ::1 (0.0.0.1), the unspecified and loopback addresses.
  const embedsIpv4 = groups.slice(0, 5).every((group) => group === 0) && (groups[5] === 0 || groups[5] === 0xffff);
  return embedsIpv4 && isLocalIpv4([groups[6]! >> 8]);
}

/**
 * Whether a link (parsed) leads to the short-link host. A host name is the host on any port; a
 * local origin (development) is its port on this machine, whatever address names it.
 */
export function leadsToShortLinkHost(link: URL, host: ShortLinkHost): boolean {
  if (host.aliases.has(hostnameOf(link))) return true;
  if (isLocalHostname(host.origin.hostname)) return isLocalHostname(link.hostname) && portOf(link) === portOf(host.origin);
  return hostnameOf(link) === hostnameOf(host.origin);
}
