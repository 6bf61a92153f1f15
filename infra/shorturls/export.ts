/**
 * Every short link of the table as NDJSON in the import's format (./records.ts), views and
 * takedowns included, by itemid: a backup, or the way to carry the links to another table;
 * importing the file into an empty table gives the same records.
 */
import { writeFileSync } from 'node:fs';
import { recordOf } from '../../lib/shorturls/layout';
import { scanAll } from '../dynamodb/short-url-audit';
import type { ShortUrlTable } from './importer';
import { exportLine } from './records';

export async function exportLinks(target: ShortUrlTable, file: string): Promise<number> {
  const links = (await scanAll(target.documents, target.table))
    .filter((item) => String(item.pk).startsWith('code#'))
    .map((item) => recordOf(item)!)
    .sort((a, b) => a.itemid - b.itemid);
  writeFileSync(file, links.map((link) => `${exportLine(link)}\n`).join(''));
  return links.length;
}
