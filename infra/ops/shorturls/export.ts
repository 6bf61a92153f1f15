/**
 * Every short link of the table as NDJSON in the import's format (./records.ts), views and
 * takedowns included, and the blocked hosts: a backup, or the way to carry the links to another table. Importing the
 * file into an empty table answers as the table did: the records come by itemid, except that
 * the record a link's entry names (the one creating the link returns) comes before the link's
 * other codes, since the import gives the entry to a link's first line.
 */
import { writeFileSync } from 'node:fs';
import { linkEntryKey, recordsOf, takedownOf } from '../../../lib/shorturls/table';
import { linkKey } from '../../../lib/shorturls/link';
import type { ShortUrlRecord } from '../../../lib/shorturls/store';
import { scanAll } from '../scan';
import type { ShortUrlTable } from './table';
import { blockedHosts } from './blocks';
import { exportBlockLine, exportLine } from './records';

/** The records in the order above: each by its itemid, or its link's entry's record's if that is later, which goes first. */
export function exportOrder(records: readonly ShortUrlRecord[], entryCode: (link: string) => unknown): ShortUrlRecord[] {
  const isEntry = (record: ShortUrlRecord) => entryCode(record.link) === record.code;
  const entryItemid = new Map(records.filter(isEntry).map((record) => [record.link, record.itemid]));
  const place = (record: ShortUrlRecord) => Math.max(record.itemid, entryItemid.get(record.link) ?? 0);
  return [...records].sort((a, b) => place(a) - place(b) || Number(isEntry(b)) - Number(isEntry(a)) || a.itemid - b.itemid);
}

/**
 * Writes the file, the blocked hosts first; answers how many records it holds, and the records
 * that could not be read (left out), each with why.
 */
export async function exportLinks(target: ShortUrlTable, file: string): Promise<{ written: number; unreadable: string[] }> {
  const items = await scanAll(target.documents, target.table);
  const entries = new Map(items.map((item) => [String(item.pk), item.code]));
  const { records, unreadable } = recordsOf(items);
  const ordered = exportOrder(records, (link) => entries.get(linkEntryKey(linkKey(link)).pk));
  const blocks = [...(await blockedHosts(target))].map(([host, takedown]) => exportBlockLine(host, takedownOf(takedown, [])));
  writeFileSync(file, [...blocks, ...ordered.map(exportLine)].map((line) => `${line}\n`).join(''));
  return { written: ordered.length, unreadable };
}
