/**
 * ShortUrlsTable, under the key `pk`: `code#<code>` (the record), `link#<hash of the link>` (its
 * code: the deduplication entry; on the entry of a link's takedown form, ./link.ts, also the
 * takedown that refuses every spelling of it), `itemid#<n>` (which record holds itemid n),
 * `counter#itemid` (the last itemid), `blocks` (the blocked hosts), `views#<code>#<k>` (the views of
 * a record whose key throttled, ./view-writes.ts) and `audit#…` (the operator's actions,
 * infra/ops/shorturls/): the one definition the store (./dynamodb.ts) reads and writes
 * by, and the operator's commands too. The rate limit's table is ./rate-limit.ts's. Also how a
 * record as the table holds it reads, whatever wrote it (docs/api.md, Short URLs: Stored values),
 * the bounds of its numbers, and the itemid counter the service and the import take itemids from.
 */
import { UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { isWholeIn } from '../db/client';
import { LAST_EPOCH_SECOND } from '../iso-time';
import { LINK_MAX_LENGTH } from './link';
import type { ShortUrlRecord, Takedown } from './store';

export const codeKey = (code: string) => ({ pk: `code#${code}` });
export const linkEntryKey = (linkKey: string) => ({ pk: `link#${linkKey}` });
export const itemIdKey = (itemid: number) => ({ pk: `itemid#${itemid}` });
export const ITEMID_COUNTER = { pk: 'counter#itemid' };
export const BLOCKS = { pk: 'blocks' };
/** Shard `k` of a code's views: `#` is in no code, so no shard's key is a code's. */
export const viewShardKey = (code: string, k: number) => ({ pk: `views#${code}#${k}` });

/** How many shard items a record's views spill over, once its key throttles: 16 × 1 000 writes a second. */
export const VIEW_SHARDS = 16;

/** The largest view count the API shows (docs/api.md, Short URLs: Codes): a count past it is shown as it. */
export const VIEW_COUNT_MAX = 999_999_999_999_999;
/** The largest itemid: past it a number is no longer exact in JSON's readers. */
export const ITEMID_MAX = Number.MAX_SAFE_INTEGER;
/** The largest itemid an import keeps: above it the counter keeps room for 8 × 10^15 creations. */
export const KEPT_ITEMID_MAX = 999_999_999_999_999;

/** A record as the table holds it: readable (with what had to give), or not, and why. */
export type StoredRecord = { readonly record: ShortUrlRecord; readonly degraded: readonly string[] } | { readonly unreadable: string };

function linkOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > LINK_MAX_LENGTH) return undefined;
  try {
    return /^https?:$/.test(new URL(value).protocol) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The takedown a record (or a blocked host) holds: any value at all takes it down, as the view's condition reads it. */
export function takedownOf(value: unknown, degraded: string[]): Takedown {
  const { reason, at, by, host, sameAs } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof reason === 'string' && isWholeIn(at, 0, LAST_EPOCH_SECOND) && typeof by === 'string')
    return {
      reason,
      at,
      by,
      ...(typeof host === 'string' ? { host } : {}),
      ...(typeof sameAs === 'string' ? { sameAs } : {}),
    };
  degraded.push('its takedown is unreadable: still taken down');
  return { reason: 'taken down (the record holds no readable reason)', at: 0, by: 'unknown' };
}

/** An item by its key, when the reader has it (the shards a lookup or a scan read); none: the record's own count. */
export type ItemOf = (pk: string) => Record<string, unknown> | undefined;

/** How many shards a record's `view_shards` says it has: 0 without; one that is no whole number from 1 to 16 reads as all 16. */
function shardCount(value: unknown, degraded: string[]): number {
  if (value === undefined) return 0;
  if (isWholeIn(value, 1, VIEW_SHARDS)) return value;
  degraded.push(`its view_shards is not a whole number from 1 to ${VIEW_SHARDS}: all ${VIEW_SHARDS} shards read`);
  return VIEW_SHARDS;
}

/** The keys of the shards a record's item says hold some of its views (none for most records); `degraded` says why, if it gave. */
export function shardKeysOf(item: Record<string, unknown> | undefined, degraded: string[] = []): { pk: string }[] {
  const code = String(item?.pk).slice('code#'.length);
  return Array.from({ length: shardCount(item?.view_shards, degraded) }, (_, k) => viewShardKey(code, k));
}

/** A count as shown: past VIEW_COUNT_MAX as it, no whole number from 0 as 0 (`what` says which in `degraded`). */
function countOf(value: unknown, what: string, degraded: string[]): number {
  if (isWholeIn(value, 0, VIEW_COUNT_MAX)) return value;
  if ((typeof value === 'number' || typeof value === 'bigint') && value > VIEW_COUNT_MAX) {
    degraded.push(`${what} is past ${VIEW_COUNT_MAX}: shown as it`);
    return VIEW_COUNT_MAX;
  }
  if (value !== undefined) degraded.push(`${what} is not a whole number from 0: shown as 0`);
  return 0;
}

/** A record item's views: its own count, and with `shardOf` its shards' too, capped as one count is. */
export function viewCountOf(item: Record<string, unknown>, degraded: string[], shardOf?: ItemOf): number {
  let views = countOf(item.view_count, 'its view_count', degraded);
  if (shardOf === undefined) return views;
  for (const { pk } of shardKeysOf(item, degraded)) views += countOf(shardOf(pk)?.view_count, `the view_count of ${pk}`, degraded);
  return Math.min(views, VIEW_COUNT_MAX);
}

/**
 * The record of a `code#` item, read as the service can show it whatever the table holds
 * (written by an older version, or by hand): a link that is not an http(s) URL or an itemid out
 * of range makes it unreadable; counts read by viewCountOf (with its shards when `shardOf` has
 * them), and a date out of range is left out (`degraded` says what gave).
 */
export function readRecord(item: Record<string, unknown> | undefined, shardOf?: ItemOf): StoredRecord | undefined {
  if (item === undefined) return undefined;
  const { pk, link, itemid, created, disabled } = item;
  const code = String(pk).slice('code#'.length);
  const readLink = linkOf(link);
  if (readLink === undefined) return { unreadable: `code ${code}: its link is not an http(s) URL` };
  if (!isWholeIn(itemid, 1, ITEMID_MAX)) return { unreadable: `code ${code}: its itemid is not a whole number from 1 to ${ITEMID_MAX}` };
  const degraded: string[] = [];
  const views = viewCountOf(item, degraded, shardOf);
  if (created !== undefined && !isWholeIn(created, 0, LAST_EPOCH_SECOND)) degraded.push('its created date is out of range: left out');
  return {
    record: {
      code,
      link: readLink,
      itemid,
      view_count: views,
      ...(isWholeIn(created, 0, LAST_EPOCH_SECOND) ? { created } : {}),
      ...(disabled !== undefined ? { disabled: takedownOf(disabled, degraded) } : {}),
    },
    degraded,
  };
}

/** The records of a table's items (a Scan's: their shards' views summed), and the `code#` items that could not be read, each with why. */
export function recordsOf(items: readonly Record<string, unknown>[]): { records: ShortUrlRecord[]; unreadable: string[] } {
  const byKey = new Map(items.map((item) => [String(item.pk), item]));
  const records: ShortUrlRecord[] = [];
  const unreadable: string[] = [];
  for (const item of items) {
    if (!String(item.pk).startsWith('code#')) continue;
    const read = readRecord(item, (pk) => byKey.get(pk))!;
    if ('record' in read) records.push(read.record);
    else unreadable.push(read.unreadable);
  }
  return { records, unreadable };
}

/** The next itemid; undefined when the counter answers no whole number from 1 to ITEMID_MAX (set by hand). */
export async function takeItemId(client: DynamoDBDocumentClient, table: string): Promise<number | undefined> {
  const { Attributes } = await client.send(
    new UpdateCommand({
      TableName: table,
      Key: ITEMID_COUNTER,
      UpdateExpression: 'ADD #last :one',
      ExpressionAttributeNames: { '#last': 'last' },
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const last = Attributes?.last;
  return isWholeIn(last, 1, ITEMID_MAX) ? last : undefined;
}
