/** Stored gallery records, every text and link told apart by the record's id: the one builder of the tests' records. */
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

const IMG = 'http://img.example.net';

export function photoRecord(id: number, date: number, comments = 0): PhotoRecord {
  const user = { name: `user${id % 100_000}`, icon: `${IMG}/u/${id}.png`, registered: 1_100_000_000 + (id % 1000) };
  const links = { src: `${IMG}/p/${id}_t.jpg`, href: `http://news.example.net/gallery/${id}` };
  return { id, submit_date: date, comments, title: `Photo ${id}`, user: { ...user, profileviews: id % 9973 }, ...links, digg_count: 0 };
}

/** A comment; a reply names its parent, its level and its thread's root. */
export function commentRecord(id: number, story: number, date: number, replyto: number | null = null, level = 0, root = id): CommentRecord {
  const texts = { user: `commenter${id % 100_000}`, content: `Comment ${id}` };
  return { date, id, story, up: 0, down: 0, replies: 0, replyto, ...texts, level, root };
}

/** A photo's comments as the importer leaves them, in reply order: each reply one level below its parent, in its root's thread, counted. */
export function threadRecords(photo: number, plan: ReadonlyArray<{ id: number; date: number; up: number; replyto: number | null }>) {
  const made = new Map<number, CommentRecord & { replies: number }>();
  for (const { id, date, up, replyto } of plan) {
    const parent = replyto === null ? undefined : made.get(replyto)!;
    made.set(id, { ...commentRecord(id, photo, date, replyto, parent ? parent.level + 1 : 0, parent?.root ?? id), up });
    if (parent) parent.replies += 1;
  }
  return [...made.values()];
}
