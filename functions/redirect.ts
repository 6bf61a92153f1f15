import { redirectHandler } from '../lib/shorturls/redirect';
import { shortUrlStore } from '../lib/shorturls/wiring';

/** The short-link host's only function: GET /{code} and its $default route. */
export const handler = redirectHandler(shortUrlStore());
