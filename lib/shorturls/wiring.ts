/**
 * The short-URL functions' parts, each made from its settings by the function that needs it,
 * when its container starts (a missing setting fails it at once): the store of short URLs and
 * the blocklist, which the short-link host counts views in and the API's service (./service.ts) reads.
 */
import { type Env, requiredSetting } from '../config';
import { documentClient } from '../db/client';
import { Blocklist } from './blocklist';
import { DynamoShortUrlStore } from './dynamodb';

/** SHORT_URLS_TABLE: the short URLs, by code and by link. */
export const shortUrlStore = (env: Env = process.env) => new DynamoShortUrlStore(documentClient, requiredSetting(env, 'SHORT_URLS_TABLE'));

/** The blocked hosts a container goes by, from the store's table, read at most once a minute (./blocklist.ts). */
export const blocklistOf = (store: DynamoShortUrlStore) => new Blocklist(() => store.blockedHosts());
