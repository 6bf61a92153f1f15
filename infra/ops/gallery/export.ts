/**
 * A gallery table back to the import format (docs/import-format.md): every photo and comment as
 * a line, photos first, then comments parents before replies, so that `npm run import` of the
 * file writes the same records. It reads any layout that keeps the records' fields on items of
 * `kind` photo or comment, the earlier one (…-gallery) included: an upgrade exports the old
 * table and imports the file into the new one. A Scan: never on a request path.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { commentOf, photoOf } from '../../../lib/gallery/layout';
import { scanAll } from '../scan';
import { linesOf } from './records';

export async function exportGallery(
  documents: DynamoDBDocumentClient,
  table: string,
): Promise<{ lines: string[]; photos: number; comments: number }> {
  const items = await scanAll(documents, table);
  const photos = items.filter((item) => item.kind === 'photo').map(photoOf);
  const comments = items.filter((item) => item.kind === 'comment').map(commentOf);
  comments.sort((a, b) => a.level - b.level || a.id - b.id);
  photos.sort((a, b) => a.id - b.id);
  const lines = linesOf(photos, comments);
  return { lines, photos: photos.length, comments: comments.length };
}
