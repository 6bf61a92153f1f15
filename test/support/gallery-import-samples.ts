/**
 * Gallery import lines for the unit tests (docs/import-format.md): a photo and a comment as the format writes
 * them, the time the sample galleries are made at, and the importer's plan (infra/ops/gallery/plan.ts) of lines
 * against a table held in memory.
 */
import { planImport, type GalleryLookup, type ImportPlan } from '../../infra/ops/gallery/plan';
import { parseLine } from '../../infra/ops/gallery/records';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

/** The Unix time the tests' galleries are generated at. */
export const NOW = 1_760_000_000;

const USER = { name: 'alice', icon: 'https://i.example/a.png', registered: 1_100_000_000, profileviews: 3 };
const LINKS = { src: 'https://p.example/5.jpg', href: 'http://g.example/photo?id=5&x=1' };
export const PHOTO = { type: 'photo', id: 5, submit_date: 1_200_000_000, title: 'A & <b>', user: USER, ...LINKS, digg_count: 2 };
export const COMMENT = {
  type: 'comment',
  id: 9,
  photo: 5,
  replyto: null,
  date: 1_200_000_100,
  user: 'bob',
  content: 'Nice',
  up: 1,
  down: 0,
};

/** The stored records of these ids, by id. */
const storedOf = <T extends { id: number }>(records: readonly T[], ids: readonly number[]) =>
  new Map(records.filter((record) => ids.includes(record.id)).map((record) => [record.id, record]));
/** The table as the plan sees it, in memory. */
export const memoryLookup = (photos: readonly PhotoRecord[] = [], comments: readonly CommentRecord[] = []): GalleryLookup => ({
  photos: async (ids) => storedOf(photos, ids),
  comments: async (ids) => storedOf(comments, ids),
});

/** Plans the lines as a file holds them ('' is a blank line). */
const parsed = (line: string) => (line.trim() === '' ? undefined : parseLine(line));
export const plan = (lines: readonly string[], lookup = memoryLookup()): Promise<ImportPlan> => planImport(lines.map(parsed), lookup);
