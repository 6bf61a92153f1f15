/**
 * Writes a large gallery fast, for tests of what requests read at scale: the sample load's bulk
 * path (infra/gallery/bulk.ts), not one transaction a record as the importer writes them (its
 * exactness is gallery-counters.test.ts's). The records must be whole (counts and levels as the
 * importer would derive them), and all of a table's at once: counter items are put, not added to.
 * In batches, which the tests' in-memory DynamoDB Local takes fastest (infra/gallery/bulk.ts).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { galleryItems, putItems } from '../../infra/gallery/bulk';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

export const bulkWrite = (
  documents: DynamoDBDocumentClient,
  table: string,
  records: { photos: readonly PhotoRecord[]; comments: readonly CommentRecord[] },
): Promise<void> => putItems(documents, table, galleryItems(records), { request: 'BatchWriteItem', concurrency: 6 });
