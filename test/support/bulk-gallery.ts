/**
 * Writes a large gallery fast, for tests of what requests read at scale: the sample load's bulk
 * path (infra/ops/gallery/bulk.ts), not one transaction a record as the importer writes them (its
 * exactness is gallery-counters.test.ts's). The records must be whole (counts and levels as the
 * importer would derive them), and all of a table's at once: counter items are put, not added to.
 * In batches, which the tests' in-memory DynamoDB Local takes fastest (infra/ops/gallery/bulk.ts).
 * A table that already holds the items of `written` (records written whole before) is sent only
 * the items of `records` that differ from those: DynamoDB Local's work grows with the items put.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { galleryItems, putItems } from '../../infra/ops/gallery/bulk';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

type Records = { photos: readonly PhotoRecord[]; comments: readonly CommentRecord[] };

export function bulkWrite(documents: DynamoDBDocumentClient, table: string, records: Records, written?: Records): Promise<void> {
  const there = new Set(written === undefined ? [] : galleryItems(written).map((item) => JSON.stringify(item)));
  const items = galleryItems(records).filter((item) => !there.has(JSON.stringify(item)));
  return putItems(documents, table, items, { request: 'BatchWriteItem', concurrency: 6 });
}
