/** The short-link origin the in-process tests run the functions with (SHORT_URL_HOST). */
export const SHORT_URL_HOST = 'http://127.0.0.1:3001';

/** The code of a short URL the functions made: what follows the short-link origin (any other URL fails the test). */
export function codeOf(shortUrl: string): string {
  if (!shortUrl.startsWith(`${SHORT_URL_HOST}/`)) throw new Error(`${shortUrl} is not a short URL of ${SHORT_URL_HOST}`);
  return shortUrl.slice(SHORT_URL_HOST.length + 1);
}
