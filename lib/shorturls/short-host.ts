/**
 * The short-link host in any spelling (docs/api.md, Short URLs: `url`): a link that leads back to
 * it would redirect to itself, adding a view at every hop. It answers at its configured origin, at
 * its API Gateway address and at its custom domain (SHORT_LINK_HOSTS, from template.yaml), on any
 * port; and when it runs locally, on a loopback address or localhost, it answers on its port at
 * every loopback or unspecified address. Hosts are compared by their keys (./host-key.ts), which
 * are the same for every spelling of an address: IPv4 in any notation, IPv6 in any form, an IPv4
 * address mapped into IPv6 or behind NAT64's prefix.
 */
import { hostKeyOf, isLoopbackOrUnspecified } from './host-key';

export interface ShortLinkHost {
  /** The origin short URLs carry, e.g. https://sho.rt */
  readonly origin: URL;
  /** The keys (./host-key.ts) of the host names it also answers at. */
  readonly aliases: ReadonlySet<string>;
}

const portOf = (url: URL): number => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/** Whether a host name (as the URL parser writes it) is this machine: localhost, or a loopback or unspecified address. */
export function isLocalHostname(hostname: string): boolean {
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
