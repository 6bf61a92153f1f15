/**
 * The bench's gallery: the project's sample generator (infra/local/sample/generator.ts), dense
 * enough that the default 30-day window holds well over 1 100 photos, loaded into the bench's
 * DynamoDB Local through the importer (infra/ops/gallery/importer.ts, batch writes of 25), as
 * `npm run seed` loads it. Kept in hand too: what the sections request and check against.
 */
import { allOf } from '../../../../lib/gallery/layout';
import { Listing } from '../../../../lib/gallery/listing';
import { GalleryReads } from '../../../../lib/gallery/reads';
import type { Range } from '../../../../lib/gallery/store';
import { dateWindow } from '../../../../lib/gallery/arguments';
import { connect, type Connection } from '../../../ops/gallery/connection';
import { generateGallery } from '../../../local/sample/generator';
import { importLines, summaryLine } from '../../../ops/gallery/importer';
import { lineOf, type CommentLine, type PhotoLine } from '../../../ops/gallery/records';
import { log } from '../report/output';

/** 2 400 photos over 40 days: some 1 800 in the last 30. */
const SAMPLE = { photos: 2_400, days: 40 } as const;

export interface Gallery {
  /** The bench's own client on the gallery table (not the functions'), and the table's name. */
  readonly connection: Connection;
  readonly photos: readonly PhotoLine[];
  readonly comments: readonly CommentLine[];
  /** Path parameters that name what the table holds: a photo, a comment of it with replies, and ten photos. */
  readonly path: { readonly id: number; readonly commentId: number; readonly list: readonly number[] };
  /**
   * The default window as of the load (the 30 days before it), and what it holds: the sections
   * that count it again take this range, since the window moves on while the bench runs.
   */
  readonly window: { readonly range: Range; readonly photos: number; readonly comments: number };
}

/** A top-level comment that has replies, and its photo. */
function threadOf(comments: readonly CommentLine[]): { id: number; commentId: number } {
  const repliedTo = new Set(comments.map((c) => c.replyto));
  const top = comments.find((c) => c.replyto === null && repliedTo.has(c.id));
  if (!top) throw new Error('the sample gallery has no comment with replies');
  return { id: top.photo, commentId: top.id };
}

/**
 * Generates the sample for now and imports it; the caller closes `connection`. The generator
 * makes the same gallery whatever the time of day, so the bench's requests are the same in every
 * run (which of the listed photos have comments, and so how many threads a list reads).
 */
export async function loadGallery(): Promise<Gallery> {
  const connection = connect();
  const now = Math.floor(Date.now() / 1000);
  const records = generateGallery({ now, ...SAMPLE });
  const summary = await importLines(records.map(lineOf), connection.documents, connection.table);
  if (summary.refused.length > 0)
    throw new Error(`the importer refused ${summary.refused.length} sample lines: ${summary.refused[0]!.reason}`);
  const photos = records.filter((r): r is PhotoLine => r.type === 'photo');
  const comments = records.filter((r): r is CommentLine => r.type === 'comment');

  const counters = new Listing(new GalleryReads(connection.documents, connection.table));
  const { min, max } = dateWindow({}, false, now);
  const range = { from: min, to: max };
  const [windowPhotos, windowComments] = await Promise.all([
    counters.total([allOf('photo')], range),
    counters.total([allOf('comment')], range),
  ]);
  const thread = threadOf(comments);
  const list = [thread.id, ...photos.slice(-9).map((p) => p.id)];

  log(
    `Gallery: the sample generator's ${SAMPLE.photos} photos over the ${SAMPLE.days} days before now, imported into ${connection.table} ` +
      `through the importer: ${summaryLine(summary)} in ${summary.seconds.toFixed(1)} s.`,
  );
  log(`The default window (the last 30 days) holds ${windowPhotos} photos and ${windowComments} comments (from the counters).`);
  log(`Gallery requests name photo ${thread.id}, its comment ${thread.commentId} (which has replies), and the list ${list.join(',')}.`);
  log();
  return { connection, photos, comments, path: { ...thread, list }, window: { range, photos: windowPhotos, comments: windowComments } };
}
