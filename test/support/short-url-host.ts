/** The short-link origin the in-process tests run the functions with (SHORT_URL_HOST). */
export const SHORT_URL_HOST = 'http://127.0.0.1:3001';
