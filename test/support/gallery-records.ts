/** Stored gallery records with plain fields, for the tests that build their own (the writer's, the earliest-date hint's). */
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

export const photoRecord = (id: number, date: number, comments = 0): PhotoRecord => ({
  id,
  submit_date: date,
  comments,
  title: 't',
  user: { name: 'u', icon: 'http://i/u', registered: 1, profileviews: 0 },
  src: 'http://i/s',
  href: 'http://i/h',
  digg_count: 1,
});

export const commentRecord = (
  id: number,
  story: number,
  date: number,
  replyto: number | null = null,
  level = 0,
  root = id,
): CommentRecord => ({
  date,
  id,
  story,
  up: 0,
  down: 0,
  replies: 0,
  replyto,
  user: 'c',
  content: 'x',
  level,
  root,
});
