/**
 * The creations' rate limit (docs/api.md, Short URLs: Rate limit): RateLimiter admits a creation
 * or refuses it, over a store of windows.
 *
 * Its windows in DynamoDB (RateLimitsTable): one item per client address and window, holding
 * `count` (the address's creations), `key#<hash>` (each app key's from it), `requests` (the
 * creations counted, each as a short token of its request id) and `expiresAt` (its time to live,
 * the window's end). Taking a place and giving it back are each one conditional update on the
 * request's token, so that a request counts once however often the SDK sends it (an attempt
 * that timed out may land all the same), and is uncounted once, and only if it was counted.
 * The limiter over it, made from its settings (./settings.ts), only the create function loads.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { ApiError } from '../api-error';
import { type Env, requiredSetting } from '../config';
import { documentClient } from '../db/client';
import { conditionFailed, isNamed, withDatabase } from '../db/failures';
import { countMetric } from '../observability/powertools';
import { type RateLimits, readRateLimits } from './settings';
import type { RateLimitStore, RateWindow } from './store';

/**
 * How long giving a place back may take. It follows a failure, often the database's own: waiting
 * the SDK's full retries again (up to three attempts of 2 s) would double a hung database's
 * answer time; past this, the place stays taken to the end of its window.
 */
const RELEASE_TIMEOUT_MS = 1_000;

/** A refusal's HTTP status and `Retry-After`. */
const retryIn = (seconds: number) => ({ status: 503, headers: { 'Retry-After': String(seconds) } });

/** A creation let through: `release` gives its place back when the creation then fails. */
export interface Admission {
  release(): Promise<void>;
}

/**
 * The app key as counted: app keys are public, so the limit per key only shares a client's own
 * budget among the applications it names, and respelling one's key (a fragment, an empty query,
 * a host's final dot, another case) must not make another.
 */
function countedKey(appKey: string): string {
  const url = new URL(appKey);
  url.hash = '';
  // An empty query reads as '' but serialises as '?': setting it drops the '?'.
  if (url.search === '') url.search = '';
  url.hostname = url.hostname.replace(/\.$/, '');
  return createHash('sha256').update(url.href).digest('base64url');
}

/**
 * Short URL creations per client address, and per app key from one address, in fixed windows
 * (docs/api.md, Rate limit): there is no limit per app key alone, so no caller can spend
 * another's budget. Both counts of an address's window live on one item, taken by one
 * conditional update: concurrent requests never pass a limit, a refusal counts nothing, and a
 * creation counts at most once, whatever its retries, and is given back when it fails.
 * Over a limit: error 403 with HTTP 503 and `Retry-After` (the rest of the window).
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly limits: RateLimits,
    /** Told of every refusal (for a count); the refusal is thrown all the same. */
    private readonly onRefused: () => void = () => {},
  ) {}

  /**
   * Takes a place for creation `request` (its request id), or refuses it. A take that fails
   * (it may still land: a database that stalls answers late) is given back before the failure
   * is thrown, as far as the database lets it.
   */
  async admit(appKey: string, clientIp: string, now: number, request: string): Promise<Admission> {
    const { perAppKey, perClientIp, windowSeconds } = this.limits;
    const windowStart = now - (now % windowSeconds);
    const expiresAt = windowStart + windowSeconds;
    const window = { address: `ip#${clientIp}#${windowStart}`, key: countedKey(appKey) };
    const release = () => this.store.giveBack(window, request, AbortSignal.timeout(RELEASE_TIMEOUT_MS));
    let outcome: Awaited<ReturnType<RateLimitStore['take']>>;
    try {
      outcome = await this.store.take(window, request, { address: perClientIp, key: perAppKey }, expiresAt);
    } catch (error) {
      await release().catch(() => undefined);
      throw error;
    }
    if (outcome === 'throttled') {
      // Faster than one key takes writes (1 000 a second on AWS): past any limit, for this second.
      this.onRefused();
      throw new ApiError(403, 'client address (more short URLs a second than its window takes)', retryIn(1));
    }
    if (outcome !== 'taken') {
      this.onRefused();
      const [what, limit] = outcome === 'address' ? ['client address', perClientIp] : ['appkey from this client address', perAppKey];
      throw new ApiError(403, `${what} (at most ${limit} short URLs per ${windowSeconds} s)`, retryIn(Math.max(1, expiresAt - now)));
    }
    return { release };
  }
}

/** 72 bits of the request id: no two creations of one address in one window share one, and 120 of them weigh 1.6 KB. */
const tokenOf = (request: string): string => createHash('sha256').update(request).digest('base64url').slice(0, 12);

/** The item a failed condition returns, as DynamoDB sends it ({ N: '3' }, { SS: [...] }) or unmarshalled. */
type Returned = Record<string, unknown> | undefined;
const numberIn = (item: Returned, name: string): number => {
  const value = item?.[name];
  return Number(typeof value === 'object' && value !== null && 'N' in value ? (value as { N: string }).N : (value ?? 0));
};
const holds = (item: Returned, token: string): boolean => {
  const value = item?.requests;
  if (value instanceof Set) return value.has(token);
  return typeof value === 'object' && value !== null && 'SS' in value && (value as { SS: string[] }).SS.includes(token);
};

export class DynamoRateLimitStore implements RateLimitStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  take(
    window: RateWindow,
    request: string,
    limits: { readonly address: number; readonly key: number },
    expiresAt: number,
  ): Promise<'taken' | 'address' | 'key' | 'throttled'> {
    const token = tokenOf(request);
    return withDatabase(async () => {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.table,
            Key: { pk: window.address },
            UpdateExpression: 'SET expiresAt = if_not_exists(expiresAt, :expiresAt) ADD #count :one, #key :one, #requests :request',
            ConditionExpression:
              'NOT contains(#requests, :token) AND (attribute_not_exists(#count) OR #count < :addressLimit) AND (attribute_not_exists(#key) OR #key < :keyLimit)',
            ExpressionAttributeNames: { '#count': 'count', '#key': `key#${window.key}`, '#requests': 'requests' },
            ExpressionAttributeValues: {
              ':one': 1,
              ':request': new Set([token]),
              ':token': token,
              ':addressLimit': limits.address,
              ':keyLimit': limits.key,
              ':expiresAt': expiresAt,
            },
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
          }),
        );
        return 'taken';
      } catch (error) {
        // The window's key past the writes it takes; a table's or an account's limit is the database's error.
        if (isNamed(error, 'ProvisionedThroughputExceededException')) return 'throttled';
        if (!conditionFailed(error)) throw error;
        const held = (error as { Item?: Returned }).Item;
        // An earlier send of this very request took the place: its answer was lost, not its update.
        if (holds(held, token)) return 'taken';
        return numberIn(held, 'count') >= limits.address ? 'address' : 'key';
      }
    });
  }

  async giveBack(window: RateWindow, request: string, signal?: AbortSignal): Promise<void> {
    const token = tokenOf(request);
    await withDatabase(async () => {
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.table,
            Key: { pk: window.address },
            UpdateExpression: 'ADD #count :minusOne, #key :minusOne DELETE #requests :request',
            ConditionExpression: 'contains(#requests, :token)',
            ExpressionAttributeNames: { '#count': 'count', '#key': `key#${window.key}`, '#requests': 'requests' },
            ExpressionAttributeValues: { ':minusOne': -1, ':request': new Set([token]), ':token': token },
          }),
          { abortSignal: signal },
        );
      } catch (error) {
        // Not counted, or given back already: nothing to give.
        if (!conditionFailed(error)) throw error;
      }
    });
  }
}

/** The creations' limits (./settings.ts) over RATE_LIMITS_TABLE; each refusal counts `RateLimited`. */
export const creationRateLimiter = (env: Env = process.env) =>
  new RateLimiter(new DynamoRateLimitStore(documentClient, requiredSetting(env, 'RATE_LIMITS_TABLE')), readRateLimits(env), () =>
    countMetric('RateLimited'),
  );
