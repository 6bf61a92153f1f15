import { createHash } from 'node:crypto';
import { ApiError } from '../api-error';
import { leadsToShortLinkHost, type ShortLinkHost } from './short-host';

/** The longest link a creation takes, and stores (docs/api.md, Short URLs: `url`). */
export const LINK_MAX_LENGTH = 2048;

/**
 * The `url` argument of /url/short/create, checked and normalised (docs/api.md, Short URLs: `url`):
 * an absolute http(s) URL without credentials, at most 2048 characters, not leading to the
 * short-link host in any spelling (./short-host.ts); stored in its WHATWG serialisation.
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
