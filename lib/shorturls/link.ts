import { createHash } from 'node:crypto';
import { ApiError } from '../errors';

const MAX_LENGTH = 2048;

/** Host names compared as DNS compares them: in any case, with or without the final dot. */
const hostnameOf = (url: URL): string => url.hostname.toLowerCase().replace(/\.$/, '');
const sameHostname = (a: URL, b: URL): boolean => hostnameOf(a) === hostnameOf(b);

/**
 * The `url` argument of /url/short/create, checked and normalised (decisions.md, `url`):
 * an absolute http(s) URL without credentials, at most 2048 characters, not on the short host
 * (by host name, on any port or scheme);
 * stored in its WHATWG serialisation. Anything else is 1016.
 */
export function normaliseLink(raw: string | undefined, shortHost: URL): string {
  if (raw === undefined || raw === '' || raw.length > MAX_LENGTH) throw new ApiError(1016, 'url');
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
    sameHostname(url, shortHost) ||
    url.href.length > MAX_LENGTH;
  if (invalid) throw new ApiError(1016, 'url');
  return url.href;
}

/** The deduplication key of a normalised link: fixed-size, whatever the link's length. */
export function linkKey(link: string): string {
  return createHash('sha256').update(link).digest('base64url');
}
