/**
 * Writes a large gallery fast, for tests of what requests read at scale: the items and the
 * counters of lib/gallery/layout.ts and counters.ts, summed in memory and put with
 * BatchWriteItem, not one transaction a record as the importer writes them (its exactness is
 * gallery-counters.test.ts's). The records must be whole (counts and levels as the importer
 * would derive them), and all of a table's at once: counter items are put, not added to.
 */
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { counterUpdates } from '../../lib/gallery/counters';
import { commentItem, photoItem, seriesOf } from '../../lib/gallery/layout';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

const BATCH = 25;
const WIDTH = 6;

export async function bulkWrite(
  documents: DynamoDBDocumentClient,
  table: string,
  records: { photos: readonly PhotoRecord[]; comments: readonly CommentRecord[] },
): Promise<void> {
  const counters = new Map<string, Record<string, number>>();
  const count = (series: ReturnType<typeof seriesOf>, date: number) => {
    for (const s of series) {
      for (const u of counterUpdates(s, date, 1)) {
        const item = counters.get(u.key) ?? {};
        item[u.attribute] = (item[u.attribute] ?? 0) + 1;
        counters.set(u.key, item);
      }
    }
  };
  for (const photo of records.photos) count(seriesOf({ kind: 'photo' }), photo.submit_date);
  for (const comment of records.comments)
    count(seriesOf({ kind: 'comment', story: comment.story, replyto: comment.replyto }), comment.date);
  const items = [
    ...records.photos.map(photoItem),
    ...records.comments.map(commentItem),
    ...[...counters].map(([pk, attributes]) => ({ pk, ...attributes })),
  ];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const batch = items.slice(next, next + BATCH);
      next += BATCH;
      let requests = batch.map((Item) => ({ PutRequest: { Item } }));
      while (requests.length > 0) {
        const answer = await documents.send(new BatchWriteCommand({ RequestItems: { [table]: requests } }));
        requests = (answer.UnprocessedItems?.[table] ?? []) as typeof requests;
      }
    }
  };
  await Promise.all(Array.from({ length: WIDTH }, worker));
}
