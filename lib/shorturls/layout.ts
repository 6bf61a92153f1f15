/**
 * How short URLs are laid out in ShortUrlsTable, under the key `pk`: `code#<code>` (the record),
 * `link#<hash of the link>` (its code: the deduplication entry; on the entry of a link's
 * takedown form, ./same-link.ts, also the takedown that refuses every spelling of it),
 * `itemid#<n>` (which record holds itemid n), `counter#itemid` (the last itemid), `blocks` (the
 * blocked hosts) and `audit#…` (the operator's actions, infra/ops/shorturls/): the one definition the
 * store (./dynamodb.ts) reads and writes by, and the operator's commands too. The rate limit's
 * table is ./rate-limit-dynamodb.ts's. How a stored record is read: ./stored-record.ts.
 */

export const codeKey = (code: string) => ({ pk: `code#${code}` });
export const linkEntryKey = (linkKey: string) => ({ pk: `link#${linkKey}` });
export const itemIdKey = (itemid: number) => ({ pk: `itemid#${itemid}` });
export const ITEMID_COUNTER = { pk: 'counter#itemid' };
export const BLOCKS = { pk: 'blocks' };
