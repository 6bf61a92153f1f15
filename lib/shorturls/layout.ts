/**
 * How short URLs are laid out in ShortUrlsTable, under the key `pk`: `code#<code>` (the record),
 * `link#<hash of the link>` (its code: the deduplication entry), `itemid#<n>` (which record holds
 * itemid n), `counter#itemid` (the last itemid), `blocks` (the blocked hosts) and `audit#…` (the
 * operator's actions, infra/shorturls/): the one definition the store (./dynamodb.ts) reads and
 * writes by, and the operator's commands too. The rate limit's table is ./rate-limit-dynamodb.ts's.
 */
import type { ShortUrlRecord, Takedown } from './store';

export const codeKey = (code: string) => ({ pk: `code#${code}` });
export const linkEntryKey = (linkKey: string) => ({ pk: `link#${linkKey}` });
export const itemIdKey = (itemid: number) => ({ pk: `itemid#${itemid}` });
export const ITEMID_COUNTER = { pk: 'counter#itemid' };
export const BLOCKS = { pk: 'blocks' };

export function recordOf(item: Record<string, unknown> | undefined): ShortUrlRecord | undefined {
  if (item === undefined) return undefined;
  const { code, link, itemid, view_count, created, disabled } = item;
  return {
    code: code as string,
    link: link as string,
    itemid: itemid as number,
    view_count: view_count as number,
    ...(typeof created === 'number' ? { created } : {}),
    ...(disabled !== undefined ? { disabled: disabled as Takedown } : {}),
  };
}
