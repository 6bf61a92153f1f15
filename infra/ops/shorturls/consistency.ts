/**
 * Reads the whole short-URL table and reports every inconsistency a half-written or duplicated
 * creation would leave (lib/shorturls/dynamodb.ts writes a record, its deduplication entry and
 * its itemid's claim in one transaction, so none should ever exist), or an import
 * (./importer.ts: a link may have several imported records, whose entry points to
 * one of them), or a view shard no record shows (its mark, view_shards, never landed). Records
 * carry their views as a lookup shows them, shards summed. `npm run shorturls -- check` prints
 * them; the load run and the tests use it too. A Scan: no request path scans.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { linkKey } from '../../../lib/shorturls/link';
import { shardKeysOf, viewCountOf } from '../../../lib/shorturls/table';
import { scanAll } from '../scan';

export interface StoredShortUrl {
  readonly code: string;
  readonly link: string;
  readonly itemid: number;
  /** With its shards' views, as a lookup shows it. */
  readonly view_count: number;
  /** When an import wrote it, in epoch seconds; absent on a record the service made. */
  readonly imported?: number;
}

/** Items the table holds besides records, entries, claims and the counter. */
const OTHER_KINDS = /^(blocks$|audit#)/;

export interface ShortUrlAudit {
  readonly records: readonly StoredShortUrl[];
  /** One line per inconsistency; empty when the table is whole. */
  readonly problems: readonly string[];
}

export async function auditShortUrls(documents: DynamoDBDocumentClient, table: string): Promise<ShortUrlAudit> {
  const items = await scanAll(documents, table);
  const byKey = new Map(items.map((item) => [String(item.pk), item]));
  const records = new Map<string, StoredShortUrl>();
  const shards: string[] = [];
  const entries = new Map<string, string>(); // link key → code
  const claims = new Map<number, string>(); // itemid → code
  let lastItemId = 0;
  const problems: string[] = [];
  for (const item of items) {
    const pk = String(item.pk);
    if (pk.startsWith('code#'))
      records.set(pk.slice('code#'.length), {
        ...item,
        view_count: viewCountOf(item, [], (key) => byKey.get(key)),
      } as unknown as StoredShortUrl);
    else if (pk.startsWith('views#')) shards.push(pk);
    // An entry without a code holds only its link's takedown (lib/shorturls/table.ts).
    else if (pk.startsWith('link#') && item.code !== undefined) entries.set(pk.slice('link#'.length), String(item.code));
    else if (pk.startsWith('link#') && item.takedown === undefined) problems.push(`entry ${pk} holds neither a code nor a takedown`);
    else if (pk.startsWith('itemid#')) claims.set(Number(pk.slice('itemid#'.length)), String(item.code));
    else if (pk === 'counter#itemid') lastItemId = Number(item.last);
    else if (!OTHER_KINDS.test(pk)) problems.push(`an item of no known kind: ${pk}`);
  }

  // A shard no lookup reads: the record's mark (view_shards) never landed, or there is no record.
  const read = new Set([...records.keys()].flatMap((code) => shardKeysOf(byKey.get(`code#${code}`)).map((key) => key.pk)));
  for (const pk of shards) if (!read.has(pk)) problems.push(`view shard ${pk} holds views no record shows`);

  const codesByLink = new Map<string, string[]>();
  for (const [code, record] of records) {
    codesByLink.set(record.link, [...(codesByLink.get(record.link) ?? []), code]);
    const entry = entries.get(linkKey(record.link));
    if (entry === undefined || (entry !== code && record.imported === undefined))
      problems.push(`record ${code} (${record.link}) has no deduplication entry pointing to it`);
    if (record.itemid > lastItemId) problems.push(`record ${code} has itemid ${record.itemid}, past the counter's ${lastItemId}`);
    if (claims.get(record.itemid) !== code) problems.push(`record ${code} has itemid ${record.itemid}, which no claim gives it`);
  }
  for (const [itemid, code] of claims)
    if (records.get(code)?.itemid !== itemid) problems.push(`itemid ${itemid} is claimed for ${code}, which does not hold it`);
  for (const [key, code] of entries) {
    const record = records.get(code);
    if (record === undefined) problems.push(`deduplication entry ${key} points to ${code}, which has no record`);
    else if (linkKey(record.link) !== key) problems.push(`deduplication entry ${key} points to ${code}, a record of another link`);
  }
  // Imports may give a link several codes; the service makes one.
  for (const [link, codes] of codesByLink) {
    const made = codes.filter((code) => records.get(code)!.imported === undefined);
    if (made.length > 1) problems.push(`${link} has ${made.length} records made by the service: ${made.join(', ')}`);
  }
  const itemIds = new Map<number, string>();
  for (const [code, record] of records) {
    const other = itemIds.get(record.itemid);
    if (other !== undefined) problems.push(`records ${other} and ${code} share itemid ${record.itemid}`);
    itemIds.set(record.itemid, code);
  }
  return { records: [...records.values()], problems };
}
