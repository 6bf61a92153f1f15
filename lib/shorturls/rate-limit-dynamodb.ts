/**
 * The rate limit in DynamoDB (RateLimitsTable): one item per client address and window, holding
 * `count` (the address's creations), `key#<hash>` (each app key's from it), `requests` (the
 * creations counted, each as a short token of its request id) and `expiresAt` (its time to live,
 * the window's end). Taking a place and giving it back are each one conditional update on the
 * request's token, so that a request counts once however often the SDK sends it (an attempt
 * that timed out may land all the same), and is uncounted once, and only if it was counted.
 * Also the creations' limiter made from its settings, which only the create function loads.
 */
import { createHash } from 'node:crypto';
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionFailed, withDatabase } from '../db/failures';
import type { RateLimitStore, RateWindow } from './store';
import { type Env, requiredSetting } from '../config';
import { documentClient } from '../db/client';
import { countMetric } from '../observability/powertools';
import { RateLimiter } from './rate-limit';
import { readRateLimits } from './settings';

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
  ): Promise<'taken' | 'address' | 'key'> {
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
