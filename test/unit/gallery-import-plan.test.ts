/**
 * The gallery import's lines together, and with the table (infra/ops/gallery/plan.ts, changes.ts): level, root and
 * counts derived whatever the order, parents written first, refusals that carry to the replies, stored records kept
 * in place, and a long chain placed without recursion.
 */
import type { ImportPlan } from '../../infra/ops/gallery/plan';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { COMMENT, memoryLookup, PHOTO, plan } from '../support/gallery-import-samples';

const photoLine = (id: number, extra: object = {}) => JSON.stringify({ ...PHOTO, id, ...extra });
const commentLine = (id: number, photo: number, replyto: number | null, extra: object = {}) =>
  JSON.stringify({ ...COMMENT, id, photo, replyto, date: 1_200_000_000 + id, ...extra });
/** A stored photo or comment as commentLine/photoLine would have written it. */
const storedPhoto = (id: number, comments: number): PhotoRecord => {
  const { type: _, ...fields } = { ...PHOTO, id };
  return { ...fields, comments };
};
const stored = (id: number, story: number, replyto: number | null, level: number, root: number, replies = 0): CommentRecord => {
  const { up, down, user, content } = COMMENT;
  return { date: 1_200_000_000 + id, id, story, up, down, replies, replyto, user, content, level, root };
};
const keysOf = (result: ImportPlan): string[] => result.changes.map((change) => `${change.kind}#${(change.after ?? change.before)!.id}`);
/** A refused line; a count a change adds 1 to, a photo's or a comment's. */
const at = (line: number, reason: unknown) => ({ line, reason });
const toPhoto = (id: number) => ({ kind: 'photo', id, field: 'comments' });
const toComment = (id: number) => ({ kind: 'comment', id, field: 'replies' });
/** [level, root, replies] of each planned comment, by id. */
const placed = (result: ImportPlan) => Object.fromEntries(result.comments.map((c) => [c.id, [c.level, c.root, c.replies]]));
/** The stored photo 1 with its comments 20 (top) and 21 (a reply to 20). */
const storedThread = () => memoryLookup([storedPhoto(1, 2)], [stored(20, 1, null, 0, 20, 1), stored(21, 1, 20, 1, 20)]);

describe('lines together', () => {
  test('derive level, root, replies and comments, whatever the order of the lines', async () => {
    const lines = [commentLine(13, 1, 12), '', commentLine(12, 1, 11), commentLine(11, 1, null), photoLine(1), commentLine(14, 1, 11)];
    const result = await plan([...lines, photoLine(2)]);
    expect(result.refused).toEqual([]);
    expect(result.photos.flatMap((photo) => [photo.id, photo.comments])).toEqual([1, 4, 2, 0]);
    expect(placed(result)).toEqual({ 11: [0, 11, 2], 12: [1, 11, 1], 13: [2, 11, 0], 14: [1, 11, 0] });
    expect(result.countsOutside).toBe(0);
    // New records are written with their counts at 0; each new comment adds its 1 as it is written.
    expect(result.changes[0]).toMatchObject({ kind: 'photo', before: undefined, after: { id: 1, comments: 0 }, bumps: [] });
    const change = (id: number) => result.changes.find((c) => c.kind === 'comment' && c.after!.id === id)!;
    expect(change(13)).toMatchObject({ before: undefined, after: { story: 1, replyto: 12, replies: 0, level: 2, root: 11 } });
    expect([change(13).bumps, change(11).bumps]).toEqual([[toPhoto(1), toComment(12)], [toPhoto(1)]]);
    // Parents are written before their replies, whatever the order of the file.
    expect(keysOf(result)).toEqual(['photo#1', 'photo#2', 'comment#11', 'comment#12', 'comment#14', 'comment#13']);
  });

  test('a comment stored under another photo, or another parent, is not moved', async () => {
    const table = memoryLookup([storedPhoto(1, 1), storedPhoto(2, 0)], [stored(20, 2, null, 0, 20)]);
    expect((await plan([commentLine(20, 1, null), commentLine(21, 2, 20)], table)).refused).toEqual([
      at(1, 'comment 20 is stored under photo 2 as a top-level comment; the importer does not move comments'),
      at(2, 'comment 20, which it replies to, is refused (line 1)'),
    ]);
    const moved = await plan(
      [commentLine(21, 2, null), commentLine(22, 2, 20)],
      memoryLookup([storedPhoto(2, 2)], [stored(20, 2, null, 0, 20, 1), stored(21, 2, 20, 1, 20)]),
    );
    expect(moved.refused).toEqual([
      at(1, 'comment 21 is stored under photo 2 replying to comment 20; the importer does not move comments'),
    ]);
    expect(moved.comments.map((comment) => [comment.id, comment.level])).toEqual([[22, 1]]);
  });

  test.each([
    ['a second photo with the same id', [photoLine(1), photoLine(1, { title: 'again' })], [at(2, 'photo 1 is already on line 1')]],
    [
      'a second comment with the same id',
      [photoLine(1), commentLine(10, 1, null), commentLine(10, 1, null)],
      [at(3, 'comment 10 is already on line 2')],
    ],
    ['a comment of a photo that is nowhere', [commentLine(10, 7, null)], [at(1, 'photo 7 is neither in the file nor in the table')]],
    [
      'a comment of a refused photo',
      [photoLine(1, { src: 'x' }), commentLine(10, 1, null)],
      [at(1, '"src" must be an absolute http or https URL'), at(2, 'photo 1 is refused (line 1)')],
    ],
    [
      'a reply to a comment that is nowhere',
      [photoLine(1), commentLine(10, 1, 99)],
      [at(2, 'comment 99, which it replies to, is neither in the file nor in the table')],
    ],
    [
      'replies to a refused comment, at every level below it',
      [photoLine(1), commentLine(10, 1, null, { up: -1 }), commentLine(11, 1, 10), commentLine(12, 1, 11)],
      [
        at(2, '"up" must be a whole number from 0 to 9007199254740991'),
        at(3, 'comment 10, which it replies to, is refused (line 2)'),
        at(4, 'comment 11, which it replies to, is refused (line 3)'),
      ],
    ],
    [
      'a reply to a comment of another photo',
      [photoLine(1), photoLine(2), commentLine(10, 1, null), commentLine(11, 2, 10)],
      [at(4, 'comment 10, which it replies to, belongs to photo 1, not 2')],
    ],
    ['a comment replying to itself', [photoLine(1), commentLine(10, 1, 10)], [at(2, 'replies form a cycle: 10 → 10')]],
    [
      'comments replying to each other, and a reply to them',
      [photoLine(1), commentLine(10, 1, 12), commentLine(11, 1, 10), commentLine(12, 1, 11), commentLine(13, 1, 12)],
      [
        at(2, 'replies form a cycle: 10 → 12 → 11 → 10'),
        at(3, 'replies form a cycle: 11 → 10 → 12 → 11'),
        at(4, 'replies form a cycle: 12 → 11 → 10 → 12'),
        at(5, 'comment 12, which it replies to, is refused (line 4)'),
      ],
    ],
    ['a line that is not JSON', [photoLine(1), 'nope'], [at(2, expect.stringMatching(/^not JSON/))]],
  ])('%s is refused', async (_, lines, refused) => {
    const result = await plan(lines);
    expect(result.refused).toEqual(refused);
    // Nothing of a refused line is written (unless an earlier line gives the same record); everything else is, once.
    const refusedLines = new Set(refused.map((entry) => entry.line));
    const written = keysOf(result);
    expect(written).toHaveLength(new Set(written).size);
    const keys = lines.map((line) => (line.startsWith('{') ? `${JSON.parse(line).type}#${JSON.parse(line).id}` : undefined));
    keys.forEach((key, index) => {
      if (key === undefined) return;
      if (!refusedLines.has(index + 1)) expect(written).toContain(key);
      else if (keys.indexOf(key) === index) expect(written).not.toContain(key);
    });
  });

  test('comments under a stored photo and stored comments: placed from the table, counts from both', async () => {
    const lines = [commentLine(22, 1, 21), commentLine(23, 1, 20), commentLine(24, 1, null), commentLine(21, 1, 20)];
    const result = await plan(lines, storedThread());
    expect(result.refused).toEqual([]);
    expect(placed(result)).toEqual({ 22: [2, 20, 0], 23: [1, 20, 0], 24: [0, 24, 0], 21: [1, 20, 1] });
    // 21 is stored as the file gives it: no change. The new comments add to photo 1, comment 20 (neither in the file) and 21.
    expect(result.unchanged).toBe(1);
    expect(keysOf(result)).toEqual(['comment#24', 'comment#23', 'comment#22']);
    expect(result.countsOutside).toBe(2);
    const bumps = [toPhoto(1), toPhoto(1), toComment(20), toPhoto(1), toComment(21)];
    expect(result.changes.flatMap((change) => change.bumps)).toEqual(bumps);
  });

  test('the same file against the table it wrote changes nothing', async () => {
    const result = await plan([commentLine(21, 1, 20)], storedThread());
    expect([result.changes, result.unchanged]).toEqual([[], 1]);
    expect(result.comments).toEqual([expect.objectContaining({ id: 21, level: 1, root: 20, replies: 0 })]);
  });

  test('a stored record the file changes is changed, keeping its counts; its votes and date may change', async () => {
    const [photo, comment] = [storedPhoto(1, 1), stored(20, 1, null, 0, 20)];
    const result = await plan(
      [photoLine(1, { digg_count: 40 }), commentLine(20, 1, null, { date: 1_300_000_000, up: 7 })],
      memoryLookup([photo], [comment]),
    );
    expect(result.changes).toEqual([
      { kind: 'photo', before: photo, after: { ...photo, digg_count: 40 }, bumps: [] },
      { kind: 'comment', before: comment, after: { ...comment, date: 1_300_000_000, up: 7 }, bumps: [] },
    ]);
    expect(result.countsOutside).toBe(0);
  });

  test('a photo in the file keeps the stored comments it has', async () => {
    const table = memoryLookup([storedPhoto(1, 1)], [stored(20, 1, null, 0, 20)]);
    const result = await plan([photoLine(1), commentLine(30, 1, null)], table);
    expect(result.photos).toEqual([expect.objectContaining({ id: 1, comments: 2 })]);
    expect(result.unchanged).toBe(1);
    expect(result.changes.map((change) => change.bumps)).toEqual([[toPhoto(1)]]);
  });

  test('a reply to a stored comment of another photo is refused', async () => {
    const table = memoryLookup([storedPhoto(1, 0), storedPhoto(2, 1)], [stored(20, 2, null, 0, 20)]);
    const result = await plan([commentLine(30, 1, 20)], table);
    expect(result.refused).toEqual([at(1, 'comment 20, which it replies to, belongs to photo 2, not 1')]);
  });

  test('a long chain of replies is placed without recursion', async () => {
    const lines = [photoLine(1), ...Array.from({ length: 50_000 }, (_, index) => commentLine(index + 1, 1, index === 0 ? null : index))];
    const result = await plan(lines.reverse());
    expect(result.refused).toEqual([]);
    expect(Math.max(...result.comments.map((comment) => comment.level))).toBe(49_999);
  });
});
