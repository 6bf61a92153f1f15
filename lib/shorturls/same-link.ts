/**
 * The takedown form of a link (docs/api.md, Short URLs: Takedown): the one spelling that every
 * spelling of the same link shares, so that a link taken down stays down however it is written
 * again. Two links are the same link when they differ only in a fragment, an empty query (`?`),
 * percent-escapes of unreserved characters (`%70` for `p`) or the case of an escape's hex digits,
 * the case of scheme and host, a default port, a final dot on the host, or the spelling of an
 * address (./host-key.ts). The URL parser has already brought case, ports and addresses to one
 * form (./link.ts stores links so); what is left is below.
 */
import { hostKeyOf } from './host-key';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/** Escapes of unreserved characters decoded, the others' hex digits in upper case (RFC 3986, 6.2.2). */
const escapesNormalised = (text: string): string =>
  text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });

/** The takedown form of a normalised link: without its fragment or an empty query, its escapes and host in one form. */
export function sameLinkOf(link: string): string {
  const url = new URL(link);
  const port = url.port === '' ? '' : `:${url.port}`;
  return `${url.protocol}//${hostKeyOf(url.hostname)}${port}${escapesNormalised(url.pathname)}${escapesNormalised(url.search)}`;
}
