/**
 * What the tests of carrying short links over (docs/shorturls.md, Import and Export) share: the
 * short-link host the files are read for, the run's table, import files and tables of the test file's
 * own, and the records a table holds.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { scanAll } from '../../infra/ops/scan';
import { importLinks, type LinkImportSummary } from '../../infra/ops/shorturls/importer';
import { readLinks } from '../../infra/ops/shorturls/reading';
import { documentClient } from '../../lib/db/client';
import { readRecord } from '../../lib/shorturls/table';
import type { ShortUrlRecord } from '../../lib/shorturls/store';
import { ownTables } from './own-table';
import { SHORT_URL_HOST } from './short-url-host';

export const HOST = { origin: new URL(SHORT_URL_HOST), aliases: new Set<string>() };
export const SHARED = { documents: documentClient, table: process.env.SHORT_URLS_TABLE! };

export type Target = { documents: DynamoDBDocumentClient; table: string };
export const importFile = (target: Target, path: string): Promise<LinkImportSummary> => importLinks(target, readLinks(path, HOST));

/** Every record of a table, by code, without when it was imported. */
export async function recordsOf(target: Target): Promise<Map<string, ShortUrlRecord>> {
  const items = await scanAll(target.documents, target.table);
  return new Map(
    items
      .filter((item) => String(item.pk).startsWith('code#'))
      .map((item) => [String(item.code), (readRecord(item) as { record: ShortUrlRecord }).record]),
  );
}

/** A folder of import files and tables of the test file's own, deleted after the file. */
export function linkImports() {
  const folder = mkdtempSync(join(tmpdir(), 'shorturls-import-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  /** `text` as a file of its own. */
  function file(text: string, extension = 'txt'): string {
    const path = join(folder, `${randomUUID()}.${extension}`);
    writeFileSync(path, text);
    return path;
  }
  /** Lines of NDJSON: objects as JSON, strings as they are. */
  const ndjson = (...lines: unknown[]) => file(lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'));

  /** Tables of the tests' own, made in the tests (a fresh itemid counter, a whole table read), deleted after the file. */
  const own = ownTables('ShortUrlsTable');
  const freshTable = (prefix: string): Promise<Target> => own.create(prefix);
  /** `lines` imported into a fresh table: the table, the summary and the records. */
  async function importedFresh(prefix: string, ...lines: object[]) {
    const target = await freshTable(prefix);
    const summary = await importFile(target, ndjson(...lines));
    return { target, summary, stored: await recordsOf(target) };
  }
  return { folder, file, ndjson, freshTable, importedFresh };
}
