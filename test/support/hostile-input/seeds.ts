/**
 * The hostile-input tests' gallery data, which properties name by path and whose listings the oracle predicts. Ids and dates are the jest
 * worker's own (from SEED_BASE, in the 2150s; other tests draw ids below 2^47 + 10^12): files running at once never meet each other's.
 */
import type { CommentRecord, PhotoRecord } from '../../../lib/gallery/store';
import { DAY } from '../gallery-fixtures';
import { clients, importRecords } from '../own-table';
import { words } from './strings';

const WORKER = Number(process.env.JEST_WORKER_ID ?? '1');
const SEED_BASE = 7_031_000_000_000_000 + WORKER * 100_000;
/** Whether an id is in the seeded range: else other tests' data may answer for it. */
export const isSeedId = (id: number): boolean => id > SEED_BASE && id < SEED_BASE + 10_000;
export const BASE_DATE = 5_700_000_000 + WORKER * 100 * DAY;

function seedPhoto(n: number, day: number, digg_count: number, comments: number): PhotoRecord {
  return {
    id: SEED_BASE + n,
    submit_date: BASE_DATE + day * DAY + n,
    comments,
    title: `Seeded photo ${n}: <b>bold</b> & "quoted" 'too' ]]> café 😀 \u2028 end`,
    user: { name: `seed<user>${n}`, icon: `http://img.hostile.test/u/${n}.png?a=1&b=<2>`, registered: 1.2e9 + n, profileviews: 7 * n },
    src: `http://img.hostile.test/p/${n}_t.jpg?x="${n}"`,
    href: `http://news.hostile.test/gallery/${n}?a=1&b=2`,
    digg_count,
  };
}

function seedComment(n: number, story: PhotoRecord, day: number, up: number, parent?: CommentRecord, replies = 0): CommentRecord {
  return {
    date: BASE_DATE + day * DAY + n,
    id: SEED_BASE + n,
    story: story.id,
    up,
    down: n % 3,
    replies,
    replyto: parent?.id ?? null,
    user: `seed&commenter${n}`,
    content: `Seeded comment ${n} <i>x</i> & "q" \u2029 ñ ]]> end`,
    level: parent === undefined ? 0 : parent.level + 1,
    root: parent === undefined ? SEED_BASE + n : parent.root,
  };
}

/** Distinct dates and digg counts (up votes): every sort has one right order. P5 and P6 lie more than 30 days after P1. */
export const P1 = seedPhoto(1, 0, 40, 5);
export const P2 = seedPhoto(2, 2, 75, 1);
export const P3 = seedPhoto(3, 5, 5, 0);
export const P4 = seedPhoto(4, 20, 60, 1);
export const P5 = seedPhoto(5, 40, 12, 0);
export const P6 = seedPhoto(6, 41, 90, 1);
/** 150 photos on one day, digg counts tying: offsets land deep inside a day, and every read path of a page runs. */
const CROWD = Array.from({ length: 150 }, (_, i) => seedPhoto(3_000 + i, 10, i % 4, 0));
export const PHOTOS: readonly PhotoRecord[] = [P1, P2, P3, P4, P5, P6, ...CROWD];
/** The ids paths name: the six photos with their threads, and two of the crowd. */
export const PATH_PHOTO_IDS = [P1, P2, P3, P4, P5, P6, CROWD[0]!, CROWD[149]!].map((p) => p.id);
const C101 = seedComment(101, P1, 1, 3, undefined, 2);
const C103 = seedComment(103, P1, 4, 1, C101, 1);
export const COMMENTS: readonly CommentRecord[] = [
  ...[C101, seedComment(102, P1, 3, 9), C103, seedComment(104, P1, 6, 7, C101), seedComment(105, P1, 35, 5, C103)],
  ...[seedComment(106, P2, 2, 2), seedComment(107, P4, 21, 4), seedComment(108, P6, 45, 8)],
];
/** A valid request path of each gallery route, naming seeded records. */
const [p, c] = [P1.id, C101.id];
export const GALLERY_PATHS = [
  ...words(`/galleryphotos /galleryphotos/comments /galleryphotos/${p},${P2.id},${P5.id} /galleryphotos/${p},${P2.id}/comments`),
  ...words(`/galleryphoto/${p} /galleryphoto/${p}/comments /galleryphoto/${p}/comment/${c} /galleryphoto/${p}/comment/${c}/replies`),
];
/** Ids in the seeded range that name nothing. */
export const ABSENT_PHOTO = SEED_BASE + 50;
export const ABSENT_COMMENT = SEED_BASE + 150;
export const absentIds = (n: number): number[] => Array.from({ length: n }, (_, i) => SEED_BASE + 1_000 + i);

/** Stores the seeds through the importer before the file's tests; they stay for the worker's later files. */
export function useGallerySeeds(): void {
  // Not the functions' client: setup waits for a busy database rather than give up after 2 s.
  const { documents } = clients();
  beforeAll(() => importRecords(documents, process.env.GALLERY_TABLE!, { photos: PHOTOS, comments: COMMENTS }), 60_000);
}
