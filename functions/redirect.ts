import { redirectHandler } from '../lib/shorturls/redirect';
import { blocklistOf, shortUrlStore } from '../lib/shorturls/dynamodb';

const store = shortUrlStore();

/** The short-link host's only function: GET /{code} and its $default route. */
export const handler = redirectHandler(store, blocklistOf(store));
