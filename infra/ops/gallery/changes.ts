/**
 * From the file's accepted records and what the table holds of them, the changes an import
 * makes (./writer.ts writes them): a new record, a record whose fields differ, and for each new
 * comment the counts it adds to (its photo's `comments`, its parent's `replies`). A record the
 * table holds as the file gives it is no change at all.
 *
 * Counts are never recomputed and SET: a new record is written with its counts at 0 and each new
 * comment adds 1 to what it counts in, in the same transaction as itself. So the counts stay
 * exact whatever the order of imports, their overlaps and repeats, and an import that stops
 * half-way leaves every written comment counted once.
 */
import { isDeepStrictEqual } from 'node:util';
import type { CommentRecord, Kind, PhotoRecord } from '../../../lib/gallery/store';
import type { CommentLine, PhotoLine } from './records';

/** A count of another record that a new comment adds 1 to (or a removed one takes 1 from). */
export interface Bump {
  readonly kind: Kind;
  readonly id: number;
  readonly field: 'comments' | 'replies';
}

/** One record's change: new (no `before`), changed, or removed (no `after`). */
export type RecordChange =
  | {
      readonly kind: 'photo';
      readonly before: PhotoRecord | undefined;
      readonly after: PhotoRecord | undefined;
      readonly bumps: readonly Bump[];
    }
  | {
      readonly kind: 'comment';
      readonly before: CommentRecord | undefined;
      readonly after: CommentRecord | undefined;
      readonly bumps: readonly Bump[];
    };

export interface AcceptedComment {
  readonly comment: CommentLine;
  readonly level: number;
  readonly root: number;
}

export interface Changes {
  /** The file's records as the table will hold them, counts included. */
  readonly photos: PhotoRecord[];
  readonly comments: CommentRecord[];
  readonly changes: RecordChange[];
  readonly unchanged: number;
  readonly countsOutside: number;
}

const photoRecord = (line: PhotoLine, comments: number): PhotoRecord => ({
  id: line.id,
  submit_date: line.submit_date,
  comments,
  title: line.title,
  user: line.user,
  src: line.src,
  href: line.href,
  digg_count: line.digg_count,
});

const commentRecord = ({ comment, level, root }: AcceptedComment, replies: number): CommentRecord => ({
  date: comment.date,
  id: comment.id,
  story: comment.photo,
  up: comment.up,
  down: comment.down,
  replies,
  replyto: comment.replyto,
  user: comment.user,
  content: comment.content,
  level,
  root,
});

/** The same record, counts aside (in any key order: DynamoDB keeps no order in a map). */
const sameRecord = (a: object, b: object, counts: string): boolean => isDeepStrictEqual({ ...a, [counts]: 0 }, { ...b, [counts]: 0 });

/** The bumps of a comment: its photo's count, and its parent's when it is a reply. */
export const bumpsOf = (comment: Pick<CommentRecord, 'story' | 'replyto'>): Bump[] => [
  { kind: 'photo', id: comment.story, field: 'comments' },
  ...(comment.replyto === null ? [] : [{ kind: 'comment' as const, id: comment.replyto, field: 'replies' as const }]),
];

export function recordChanges(
  file: { readonly photos: readonly PhotoLine[]; readonly comments: readonly AcceptedComment[] },
  stored: { readonly photos: ReadonlyMap<number, PhotoRecord>; readonly comments: ReadonlyMap<number, CommentRecord> },
): Changes {
  const added = file.comments.filter(({ comment }) => !stored.comments.has(comment.id));
  const newCommentsOf = new Map<number, number>();
  const newRepliesTo = new Map<number, number>();
  for (const { comment } of added) {
    newCommentsOf.set(comment.photo, (newCommentsOf.get(comment.photo) ?? 0) + 1);
    if (comment.replyto !== null) newRepliesTo.set(comment.replyto, (newRepliesTo.get(comment.replyto) ?? 0) + 1);
  }

  const changes: RecordChange[] = [];
  let unchanged = 0;
  const photos = file.photos.map((line) => {
    const before = stored.photos.get(line.id);
    const record = photoRecord(line, (before?.comments ?? 0) + (newCommentsOf.get(line.id) ?? 0));
    if (before !== undefined && sameRecord(before, record, 'comments')) unchanged++;
    else changes.push({ kind: 'photo', before, after: { ...record, comments: before?.comments ?? 0 }, bumps: [] });
    return record;
  });
  // Parents before their replies, so that a reply's bump finds its parent written; a thread's
  // comments together and by date, so that they share counters in the same transactions.
  const byLevel = [...file.comments].sort(
    (a, b) => a.comment.photo - b.comment.photo || a.level - b.level || a.comment.date - b.comment.date,
  );
  const commentChanges: RecordChange[] = [];
  for (const accepted of byLevel) {
    const before = stored.comments.get(accepted.comment.id);
    const record = commentRecord(accepted, (before?.replies ?? 0) + (newRepliesTo.get(accepted.comment.id) ?? 0));
    if (before !== undefined && sameRecord(before, record, 'replies')) unchanged++;
    else
      commentChanges.push({
        kind: 'comment',
        before,
        after: { ...record, replies: before?.replies ?? 0 },
        bumps: before === undefined ? bumpsOf(record) : [],
      });
  }
  changes.push(...commentChanges);
  const comments = file.comments.map((accepted) =>
    commentRecord(accepted, (stored.comments.get(accepted.comment.id)?.replies ?? 0) + (newRepliesTo.get(accepted.comment.id) ?? 0)),
  );

  const inFile = new Set([...file.photos.map((p) => `photo#${p.id}`), ...file.comments.map(({ comment }) => `comment#${comment.id}`)]);
  const outside = new Set([...newCommentsOf.keys()].map((id) => `photo#${id}`).filter((key) => !inFile.has(key)));
  for (const id of newRepliesTo.keys()) if (!inFile.has(`comment#${id}`)) outside.add(`comment#${id}`);
  return { photos, comments, changes, unchanged, countsOutside: outside.size };
}
