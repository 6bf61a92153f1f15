/** The short-link origin the in-process tests run the functions with (SHORT_URL_HOST). */
export const SHORT_URL_HOST = 'http://127.0.0.1:3001';

/** The code of a short URL the functions made: what follows the short-link origin. */
export const codeOf = (shortUrl: string): string => shortUrl.slice(SHORT_URL_HOST.length + 1);
