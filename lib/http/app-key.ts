import { ApiError } from '../api-error';
import { APP_KEY_MAX_LENGTH } from '../config';

// Whitespace and control characters: a URI never holds them unencoded.
const NOT_IN_URI = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

function isReservedForDocumentation(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '').toLowerCase();
  return host === 'example.com' || host.endsWith('.example.com');
}

/**
 * Checks an application key (docs/api.md: `appkey`) and returns it normalised: an absolute URI
 * with a scheme and a host or path, not on `example.com`, not denied. Missing is 1005, else 1028.
 */
export function checkAppKey(raw: string | undefined, denied: ReadonlySet<string>): string {
  if (raw === undefined || raw === '') throw new ApiError(1005);
  if (raw.length > APP_KEY_MAX_LENGTH || NOT_IN_URI.test(raw)) throw new ApiError(1028);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(1028);
  }
  if (url.host === '' && url.pathname.replace(/^\/+/, '') === '') throw new ApiError(1028);
  if (isReservedForDocumentation(url.hostname) || denied.has(url.href)) throw new ApiError(1028);
  return url.href;
}
