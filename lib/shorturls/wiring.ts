/**
 * The short-URL functions' parts, each made from its settings by the function that needs it,
 * when its container starts (a missing setting fails it at once): the service of the API's
 * two endpoints, the creations' rate limiter, and the store the short-link host counts views in.
 */
import { type Env, requiredSetting } from '../config';
import { documentClient } from '../db/client';
import { countMetric } from '../observability/powertools';
import { Blocklist } from './blocklist';
import { DynamoShortUrlStore } from './dynamodb';
import { DynamoRateLimitStore } from './rate-limit-dynamodb';
import { RateLimiter } from './rate-limit';
import { ShortUrlService } from './service';
import { readRateLimits, readShortLinkHost } from './settings';

/** SHORT_URLS_TABLE: the short URLs, by code and by link. */
export const shortUrlStore = (env: Env = process.env) => new DynamoShortUrlStore(documentClient, requiredSetting(env, 'SHORT_URLS_TABLE'));

/** The blocked hosts a container goes by, from the store's table, read at most once a minute (./blocklist.ts). */
export const blocklistOf = (store: DynamoShortUrlStore) => new Blocklist(() => store.blockedHosts());

/** Creations and lookups, over SHORT_URLS_TABLE, for the short-link host SHORT_URL_HOST (./settings.ts). */
export const shortUrlService = (env: Env = process.env) => {
  const store = shortUrlStore(env);
  return new ShortUrlService(store, readShortLinkHost(env), blocklistOf(store));
};

/** The creations' limits (./settings.ts) over RATE_LIMITS_TABLE; each refusal counts `RateLimited`. */
export const creationRateLimiter = (env: Env = process.env) =>
  new RateLimiter(new DynamoRateLimitStore(documentClient, requiredSetting(env, 'RATE_LIMITS_TABLE')), readRateLimits(env), () =>
    countMetric('RateLimited'),
  );
