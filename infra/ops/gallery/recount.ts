/**
 * Reads the whole gallery table and recounts it: every series' counters, every photo's
 * `comments` and comment's `replies`, every comment's `level` and `root`, and every record's
 * index keys, from the records themselves, against what is stored, and that each earliest-date
 * hint lies at or below its kind's members. The importer keeps them in
 * step in its transactions (./writer.ts), so this should find nothing. `npm run gallery -- check`
 * prints it; the tests use it too. A Scan: no request path scans.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { counterUpdates, earliestKey, HINT_ATTRIBUTE, hintOf } from '../../../lib/gallery/counters';
import { allOf, commentItem, commentOf, photoItem, photoOf, seriesOf } from '../../../lib/gallery/layout';
import type { CommentRecord, Kind, PhotoRecord } from '../../../lib/gallery/store';
import { scanAll } from '../scan';

export interface GalleryAudit {
  readonly photos: number;
  readonly comments: number;
  /** Counter attributes that are not 0. */
  readonly counters: number;
  /** One line per disagreement; empty when every count is exact. */
  readonly problems: readonly string[];
}

export async function auditGallery(documents: DynamoDBDocumentClient, table: string): Promise<GalleryAudit> {
  const items = await scanAll(documents, table);
  const photos = items.filter((item) => item.kind === 'photo');
  const comments = items.filter((item) => item.kind === 'comment');
  const problems: string[] = [];

  const expected = new Map<string, number>();
  const count = (key: string, attribute: string) => expected.set(`${key} ${attribute}`, (expected.get(`${key} ${attribute}`) ?? 0) + 1);
  const commentsOf = new Map<number, number>();
  const repliesTo = new Map<number, number>();
  const byId = new Map(comments.map((item) => [item.id as number, commentOf(item)]));
  const photoIds = new Set(photos.map((item) => item.id as number));
  for (const item of photos) {
    const photo = photoOf(item);
    for (const series of seriesOf({ kind: 'photo' }))
      for (const u of counterUpdates(series, photo.submit_date, 1)) count(u.key, u.attribute);
  }
  for (const comment of byId.values()) {
    for (const series of seriesOf({ kind: 'comment', story: comment.story, replyto: comment.replyto })) {
      for (const u of counterUpdates(series, comment.date, 1)) count(u.key, u.attribute);
    }
    commentsOf.set(comment.story, (commentsOf.get(comment.story) ?? 0) + 1);
    if (comment.replyto !== null) repliesTo.set(comment.replyto, (repliesTo.get(comment.replyto) ?? 0) + 1);
  }

  let counters = 0;
  for (const item of items.filter((i) => String(i.pk).startsWith('count#'))) {
    for (const [attribute, value] of Object.entries(item)) {
      if (attribute === 'pk' || value === 0) continue;
      counters++;
      const want = expected.get(`${item.pk} ${attribute}`) ?? 0;
      if (value !== want) problems.push(`counter ${item.pk} ${attribute} is ${value}, the records make it ${want}`);
      expected.delete(`${item.pk} ${attribute}`);
    }
  }
  for (const [counter, want] of expected) problems.push(`counter ${counter} is missing, the records make it ${want}`);

  for (const item of photos) {
    const photo: PhotoRecord = photoOf(item);
    const want = commentsOf.get(photo.id) ?? 0;
    if (photo.comments !== want) problems.push(`photo ${photo.id} has comments ${photo.comments}, the table holds ${want}`);
    expectKeys(item, photoItem(photo), problems);
  }
  for (const item of comments) {
    const comment: CommentRecord = commentOf(item);
    const want = repliesTo.get(comment.id) ?? 0;
    if (comment.replies !== want) problems.push(`comment ${comment.id} has replies ${comment.replies}, the table holds ${want}`);
    const parent = comment.replyto === null ? undefined : byId.get(comment.replyto);
    const place = parent === undefined ? { level: 0, root: comment.id } : { level: parent.level + 1, root: parent.root };
    if (comment.replyto !== null && parent === undefined)
      problems.push(`comment ${comment.id} replies to comment ${comment.replyto}, which is not in the table`);
    else if (comment.level !== place.level || comment.root !== place.root) {
      problems.push(
        `comment ${comment.id} has level ${comment.level} and root ${comment.root}, its parent makes them ${place.level} and ${place.root}`,
      );
    }
    if (!photoIds.has(comment.story)) problems.push(`comment ${comment.id} is of photo ${comment.story}, which is not in the table`);
    expectKeys(item, commentItem(comment), problems);
  }
  auditHint(
    items,
    'photo',
    photos.map((item) => photoOf(item).submit_date),
    problems,
  );
  auditHint(
    items,
    'comment',
    comments.map((item) => commentOf(item).date),
    problems,
  );
  return { photos: photos.length, comments: comments.length, counters, problems };
}

/** A kind's earliest-date hint, where there is one, is a date at or below each of its members'. */
function auditHint(items: readonly Record<string, unknown>[], kind: Kind, dates: readonly number[], problems: string[]): void {
  const item = items.find((i) => i.pk === earliestKey(allOf(kind)));
  if (item === undefined) return;
  const hint = hintOf(item);
  const earliest = dates.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  if (hint === undefined) problems.push(`${item.pk} holds ${JSON.stringify(item[HINT_ATTRIBUTE])}, not a date`);
  else if (hint > earliest) problems.push(`${item.pk} is ${hint}, above the earliest ${kind}'s date ${earliest}`);
}

/** The stored item's index keys are the ones its record makes. */
function expectKeys(stored: Record<string, unknown>, made: Record<string, unknown>, problems: string[]): void {
  for (const key of ['day_part', 'thread_part', 'parent_part', 'date_key', 'rank_desc', 'rank_asc']) {
    if (stored[key] !== made[key])
      problems.push(`${stored.pk} has ${key} ${JSON.stringify(stored[key])}, its record makes ${JSON.stringify(made[key])}`);
  }
}
