/** A link a short URL leads to: checked and normalised as a creation takes it, its deduplication key, and its takedown form. */
import { createHash } from 'node:crypto';
import { ApiError } from '../api-error';
import { hostKeyOf, leadsToShortLinkHost, type ShortLinkHost } from './hosts';

/** The longest link a creation takes, and stores (docs/api.md, Short URLs: `url`). */
export const LINK_MAX_LENGTH = 2048;

/**
 * The `url` argument of /url/short/create, checked and normalised (docs/api.md, Short URLs: `url`):
 * an absolute http(s) URL without credentials, at most 2048 characters, not leading to the
 * short-link host in any spelling (./hosts.ts); stored in its WHATWG serialisation.
 * Anything else is 1016. (A percent-escape that is not UTF-8 is refused before: lib/http/query.ts.)
 */
export function normaliseLink(raw: string | undefined, shortHost: ShortLinkHost): string {
  if (raw === undefined || raw === '' || raw.length > LINK_MAX_LENGTH) throw new ApiError(1016, 'url');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(1016, 'url');
  }
  const invalid =
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.username !== '' ||
    url.password !== '' ||
    leadsToShortLinkHost(url, shortHost) ||
    url.href.length > LINK_MAX_LENGTH;
  if (invalid) throw new ApiError(1016, 'url');
  return url.href;
}

/** The deduplication key of a normalised link: fixed-size, whatever the link's length. */
export function linkKey(link: string): string {
  return createHash('sha256').update(link).digest('base64url');
}

/**
 * The takedown form of a link (docs/api.md, Short URLs: Takedown): the one spelling that every
 * spelling of the same link shares, so that a link taken down stays down however it is written
 * again. Two links are the same link when they differ only in a fragment, an empty query (`?`),
 * percent-escapes of unreserved characters (`%70` for `p`) or the case of an escape's hex digits,
 * the case of scheme and host, a default port, a final dot on the host, or the spelling of an
 * address (./hosts.ts). The URL parser has already brought case, ports and addresses to one
 * form (normaliseLink stores links so); what is left is below.
 */
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
