/**
 * The sample gallery (infra/local/sample/generator.ts) and the importer's checks and file reading
 * (records.ts, plan.ts, changes.ts, importer.ts), with the table a map in memory.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateGallery, SAMPLE_DEFAULTS } from '../../infra/local/sample/generator';
import { SCALE_GALLERY } from '../../infra/perf/scale/data';
import { fileLines, summaryLine } from '../../infra/ops/gallery/importer';
import { planImport, type GalleryLookup, type ImportPlan } from '../../infra/ops/gallery/plan';
import { streamProgress } from '../../infra/ops/gallery/progress';
import { lineOf, parseLine, type CommentLine, type ImportRecord, type PhotoLine } from '../../infra/ops/gallery/records';
import { HARD_TEXT, SCRIPT_TEXT } from '../../infra/local/sample/sample-text';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';

const DAY = 86_400;
// docs/import-format.md: the importer's string bounds, in characters.
const LIMITS = { title: 2_000, content: 8_000, url: 2_048 } as const;
const NOW = 1_760_000_000;

/** The stored records of these ids, by id. */
const storedOf = <T extends { id: number }>(records: readonly T[], ids: readonly number[]) =>
  new Map(records.filter((record) => ids.includes(record.id)).map((record) => [record.id, record]));
/** The table as the plan sees it, in memory. */
const memoryLookup = (photos: readonly PhotoRecord[] = [], comments: readonly CommentRecord[] = []): GalleryLookup => ({
  photos: async (ids) => storedOf(photos, ids),
  comments: async (ids) => storedOf(comments, ids),
});

/** Plans the lines as a file holds them ('' is a blank line). */
const parsed = (line: string) => (line.trim() === '' ? undefined : parseLine(line));
const plan = (lines: readonly string[], lookup = memoryLookup()): Promise<ImportPlan> => planImport(lines.map(parsed), lookup);

// ---------------------------------------------------------------------------------------------
// The sample gallery.

/** The sample `npm start` loads and the scale run's gallery: one generator at two sizes; what grows with the size is each one's figure. */
const { photos: samplePhotos, days: sampleDays } = SAMPLE_DEFAULTS;
const GALLERIES = [
  { name: 'the sample gallery', options: {}, photos: samplePhotos, days: sampleDays, users: 100, comments: 400, topDigg: 150 },
  { name: "the scale run's gallery", options: SCALE_GALLERY, photos: 3_000, days: 120, users: 200, comments: 1_500, topDigg: 500 },
];

describe.each(GALLERIES)('$name', (gallery) => {
  const records = generateGallery({ now: NOW, ...gallery.options });
  const photos = records.filter((record): record is PhotoLine => record.type === 'photo');
  const comments = records.filter((record): record is CommentLine => record.type === 'comment');
  let planned: ImportPlan;

  beforeAll(async () => {
    planned = await plan(records.map(lineOf));
  });

  test('is the same for the same seed and time, and another for another seed or time', () => {
    const text = (recordsOf: ImportRecord[]) => recordsOf.map(lineOf).join('\n');
    expect(text(generateGallery({ now: NOW, ...gallery.options }))).toBe(text(records));
    expect(text(generateGallery({ now: NOW, ...gallery.options, seed: 2 }))).not.toBe(text(records));
    const later = generateGallery({ now: NOW + DAY, ...gallery.options });
    expect(text(later)).not.toBe(text(records));
    const photoDates = (recordsOf: ImportRecord[], shift = 0) =>
      recordsOf.flatMap((record) => (record.type === 'photo' ? [record.submit_date - shift] : []));
    expect(photoDates(later, DAY)).toEqual(photoDates(records));
  });

  test('is the same gallery whatever the time of day, its dates moved on with it', () => {
    const sinceMidnight = NOW % DAY;
    const shifted = (recordsOf: ImportRecord[], by: number) =>
      recordsOf.map((record) =>
        record.type === 'photo'
          ? { ...record, submit_date: record.submit_date + by, user: { ...record.user, registered: record.user.registered + by } }
          : { ...record, date: record.date + by },
      );
    const atMidnight = generateGallery({ now: NOW - sinceMidnight, ...gallery.options });
    expect(shifted(atMidnight, sinceMidnight)).toEqual(records);
    expect(generateGallery({ now: NOW - sinceMidnight + DAY - 1, ...gallery.options })).toEqual(shifted(atMidnight, DAY - 1));
  });

  test('uses no Math.random', () => {
    const spy = jest.spyOn(Math, 'random');
    generateGallery({ now: NOW, photos: 200 });
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
  });

  test(`has ${gallery.photos} photos spread over the ${gallery.days} days before now, oldest first`, () => {
    expect(photos).toHaveLength(gallery.photos);
    const dates = photos.map((photo) => photo.submit_date);
    expect(Math.min(...dates)).toBeGreaterThanOrEqual(NOW - gallery.days * DAY);
    expect(Math.max(...dates)).toBeLessThanOrEqual(NOW);
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    // Each twelfth of the days holds at least half its even share.
    const stretch = (gallery.days * DAY) / 12;
    const stretches = Array.from({ length: 12 }, (_, index) => dates.filter((date) => Math.floor((NOW - date) / stretch) === index).length);
    for (const count of stretches) expect(count).toBeGreaterThan(gallery.photos / 12 / 2);
    // The default 30-day window holds at least two thirds of its even share.
    expect(dates.filter((date) => date >= NOW - 30 * DAY).length).toBeGreaterThan(((gallery.photos * 30) / gallery.days) * (2 / 3));
  });

  test('has a few hundred users, each one record, registered before their first photo', () => {
    const byName = new Map<string, PhotoLine['user']>();
    const first = new Map<string, number>();
    for (const photo of photos) {
      const known = byName.get(photo.user.name);
      if (known) expect(photo.user).toEqual(known);
      byName.set(photo.user.name, photo.user);
      if (!first.has(photo.user.name)) first.set(photo.user.name, photo.submit_date);
    }
    expect(byName.size).toBeGreaterThan(gallery.users);
    expect(byName.size).toBeLessThan(1_000);
    for (const [name, user] of byName) {
      expect(user.registered).toBeLessThan(first.get(name)!);
      expect(user.icon).toMatch(/^https?:\/\//);
      expect(user.profileviews).toBeGreaterThanOrEqual(0);
    }
    const views = [...byName.values()].map((user) => user.profileviews);
    expect(Math.max(...views)).toBeGreaterThan(100);
    // Commenters are users too, and a few of them are the photographers.
    const names = new Set(byName.keys());
    expect(comments.filter((comment) => names.has(comment.user)).length).toBeGreaterThan(comments.length / 2);
  });

  test('has digg counts skewed as on the real site: most small, a few large, many ties', () => {
    const diggs = photos.map((photo) => photo.digg_count).sort((a, b) => a - b);
    const at = (q: number) => diggs[Math.floor(q * (diggs.length - 1))]!;
    expect(at(0.5)).toBeLessThanOrEqual(3);
    expect(at(0.9)).toBeLessThan(50);
    expect(at(1)).toBeGreaterThan(gallery.topDigg);
    expect(new Set(diggs).size).toBeLessThan(diggs.length / 10);
  });

  test('has comment threads at levels 0 to 5 and deeper, dated after what they answer and never after now', () => {
    const byLevel = new Map<number, number>();
    for (const comment of planned.comments) byLevel.set(comment.level, (byLevel.get(comment.level) ?? 0) + 1);
    for (let level = 0; level <= 5; level++) expect(byLevel.get(level)).toBeGreaterThan(0);
    expect(Math.max(...byLevel.keys())).toBeGreaterThanOrEqual(6);
    expect(comments.length).toBeGreaterThan(gallery.comments);
    expect(photos.length + comments.length).toBeLessThan(10_000);

    const photoDates = new Map(photos.map((photo) => [photo.id, photo.submit_date]));
    const commentDates = new Map(comments.map((comment) => [comment.id, comment.date]));
    for (const comment of comments) {
      expect(comment.date).toBeGreaterThan(photoDates.get(comment.photo)!);
      if (comment.replyto !== null) expect(comment.date).toBeGreaterThan(commentDates.get(comment.replyto)!);
      expect(comment.date).toBeLessThanOrEqual(NOW);
    }
    // Some photos have many comments, most have few or none.
    const counts = planned.photos.map((photo) => photo.comments).sort((a, b) => a - b);
    expect(counts[Math.floor(counts.length / 2)]).toBeLessThanOrEqual(1);
    expect(counts[counts.length - 1]).toBeGreaterThan(20);
  });

  test('has votes on comments, up more often than down', () => {
    const ups = comments.map((comment) => comment.up);
    const downs = comments.map((comment) => comment.down);
    expect(ups.filter((up) => up > 0).length).toBeGreaterThan(comments.length / 4);
    expect(downs.filter((down) => down > 0).length).toBeGreaterThan(0);
    expect(ups.reduce((a, b) => a + b)).toBeGreaterThan(downs.reduce((a, b) => a + b));
    expect(Math.max(...ups)).toBeGreaterThan(50);
  });

  const titles = photos.map((photo) => photo.title).join('\n');
  const contents = comments.map((comment) => comment.content).join('\n');
  const names = photos.map((photo) => photo.user.name).join('\n');
  const urls = photos.map((photo) => `${photo.href} ${photo.src} ${photo.user.icon}`).join('\n');

  test.each(Object.entries({ ...HARD_TEXT, ...SCRIPT_TEXT }))('titles and comments hold %s text', (_, text) => {
    expect(titles).toContain(text);
    expect(contents).toContain(text);
  });

  test.each([...'&<>"\'\\', '&amp;', '\u0001', '\u001f', '\u007f', '\u2028', '\u2029'])('titles and comments hold %j', (text) => {
    expect(titles).toContain(text);
    expect(contents).toContain(text);
  });

  test.each([/\p{sc=Han}/u, /\p{sc=Arabic}/u, /\p{sc=Cyrillic}/u, /\p{ExtPict}/u, /[À-ÖØ-öø-ž]/])('titles and comments hold %s', (re) => {
    expect(titles).toMatch(re);
    expect(contents).toMatch(re);
  });

  test('user names and URLs hold characters to escape too', () => {
    for (const pattern of [/&/, /</, /"/, /'/, /\\/, /\p{Script=Han}/u, /\p{Script=Cyrillic}/u]) expect(names).toMatch(pattern);
    expect(urls).toMatch(/\?[^ ]*&/);
    expect(urls).toMatch(/%[0-9A-F]{2}/);
  });

  test('every record passes the importer, and the derived fields agree with the records', () => {
    expect(planned.refused).toEqual([]);
    expect(planned.photos).toHaveLength(photos.length);
    expect(planned.comments).toHaveLength(comments.length);
    const perPhoto = new Map<number, number>();
    const perParent = new Map<number, number>();
    for (const comment of comments) {
      perPhoto.set(comment.photo, (perPhoto.get(comment.photo) ?? 0) + 1);
      if (comment.replyto !== null) perParent.set(comment.replyto, (perParent.get(comment.replyto) ?? 0) + 1);
    }
    for (const photo of planned.photos) expect(photo.comments).toBe(perPhoto.get(photo.id) ?? 0);
    const byId = new Map(planned.comments.map((comment) => [comment.id, comment]));
    for (const comment of planned.comments) {
      expect(comment.replies).toBe(perParent.get(comment.id) ?? 0);
      const parent = comment.replyto === null ? undefined : byId.get(comment.replyto)!;
      expect(comment.level).toBe(parent ? parent.level + 1 : 0);
      expect(comment.root).toBe(parent ? parent.root : comment.id);
    }
  });

  test('smaller samples keep their shape and their ids where asked', () => {
    const small = generateGallery({ now: NOW, photos: 40, seed: 9, photoIdBase: 10 ** 12, commentIdBase: 2 * 10 ** 12 });
    const smallPhotos = small.filter((record) => record.type === 'photo');
    expect(smallPhotos).toHaveLength(40);
    for (const record of small) expect(record.id).toBeGreaterThan(record.type === 'photo' ? 10 ** 12 : 2 * 10 ** 12);
    expect(small.some((record) => record.type === 'comment' && record.replyto !== null)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// One line on its own.

const USER = { name: 'alice', icon: 'https://i.example/a.png', registered: 1_100_000_000, profileviews: 3 };
const LINKS = { src: 'https://p.example/5.jpg', href: 'http://g.example/photo?id=5&x=1' };
const PHOTO = { type: 'photo', id: 5, submit_date: 1_200_000_000, title: 'A & <b>', user: USER, ...LINKS, digg_count: 2 };
const COMMENT = { type: 'comment', id: 9, photo: 5, replyto: null, date: 1_200_000_100, user: 'bob', content: 'Nice', up: 1, down: 0 };

const withField = (record: object, path: string, value: unknown): string => {
  const copy = structuredClone(record) as Record<string, any>;
  const keys = path.split('.');
  const last = keys.pop()!;
  // An undefined value leaves the field out: JSON.stringify drops it.
  keys.reduce((object, key) => object[key], copy)[last] = value;
  return JSON.stringify(copy);
};

describe('a line on its own', () => {
  test('a photo and a comment are read as given', () => {
    expect(parseLine(JSON.stringify(PHOTO))).toEqual({ ok: true, record: PHOTO });
    expect(parseLine(JSON.stringify(COMMENT))).toEqual({ ok: true, record: COMMENT });
    expect(parseLine(withField(COMMENT, 'replyto', 3))).toEqual({ ok: true, record: { ...COMMENT, replyto: 3 } });
  });

  test('any text is taken, whatever it holds, as long as it is well-formed', () => {
    const text = Object.values(HARD_TEXT).join(' ');
    expect(parseLine(withField(PHOTO, 'title', text))).toMatchObject({ ok: true, record: { title: text } });
    expect(parseLine(withField(COMMENT, 'content', ''))).toMatchObject({ ok: true });
    expect(parseLine(withField(PHOTO, 'title', 'x'.repeat(LIMITS.title)))).toMatchObject({ ok: true });
    // Characters, not UTF-16 units: 2 000 emoji are 4 000 units.
    expect(parseLine(withField(PHOTO, 'title', '😀'.repeat(LIMITS.title)))).toMatchObject({ ok: true });
  });

  test.each([
    ['{"type":"photo",', /^not JSON \(/],
    ['[1, 2]', /^not a JSON object$/],
    ['"photo"', /^not a JSON object$/],
    ['null', /^not a JSON object$/],
    [JSON.stringify({ ...PHOTO, type: 'story' }), /^"type" must be "photo" or "comment"$/],
    [withField(PHOTO, 'type', undefined), /^"type" must be "photo" or "comment"$/],
    [withField(PHOTO, 'title', undefined), /^missing field "title"$/],
    [withField(PHOTO, 'user.icon', undefined), /^missing field "user\.icon"$/],
    [withField(PHOTO, 'colour', 'red'), /^unknown field "colour"$/],
    [withField(PHOTO, 'user.email', 'a@b'), /^unknown field "user\.email"$/],
    [withField(PHOTO, 'comments', 3), /^"comments" is counted by the importer; leave it out$/],
    [withField(COMMENT, 'level', 0), /^"level" is computed by the importer/],
    [withField(COMMENT, 'root', 9), /^"root" is computed by the importer/],
    [withField(COMMENT, 'replies', 0), /^"replies" is counted by the importer/],
    [withField(COMMENT, 'story', 5), /^the photo of a comment is "photo" in the file, not "story"$/],
    [withField(PHOTO, 'id', 0), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', -4), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', 1.5), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', '5'), /^"id" must be a positive integer/],
    [withField(PHOTO, 'id', 2 ** 53), /^"id" must be a positive integer of at most 9007199254740991$/],
    [withField(COMMENT, 'photo', null), /^"photo" must be a positive integer/],
    [withField(COMMENT, 'replyto', 0), /^"replyto" must be null or a positive integer/],
    [withField(COMMENT, 'replyto', '3'), /^"replyto" must be null or a positive integer/],
    [withField(PHOTO, 'submit_date', -1), /^"submit_date" must be a Unix time in whole seconds from 0 to 99999999999$/],
    [withField(PHOTO, 'submit_date', 100_000_000_000), /^"submit_date" must be a Unix time/],
    [withField(COMMENT, 'date', 1.25), /^"date" must be a Unix time/],
    [withField(PHOTO, 'user.registered', '2008'), /^"user\.registered" must be a Unix time/],
    [withField(PHOTO, 'digg_count', -1), /^"digg_count" must be a whole number from 0/],
    [withField(COMMENT, 'up', 0.5), /^"up" must be a whole number/],
    [withField(COMMENT, 'down', null), /^"down" must be a whole number/],
    [withField(PHOTO, 'user.profileviews', -2), /^"user\.profileviews" must be a whole number/],
    [withField(PHOTO, 'title', 5), /^"title" must be a string$/],
    [withField(PHOTO, 'title', 'x'.repeat(LIMITS.title + 1)), /^"title" is longer than 2000 characters$/],
    [withField(COMMENT, 'content', 'x'.repeat(LIMITS.content + 1)), /^"content" is longer than 8000 characters$/],
    [withField(PHOTO, 'title', 'bad \ud800 half'), /^"title" holds a lone surrogate/],
    [withField(PHOTO, 'user', 'alice'), /^"user" must be an object with name, icon, registered and profileviews$/],
    [withField(PHOTO, 'user.name', '  '), /^"user\.name" must not be empty$/],
    [withField(COMMENT, 'user', ''), /^"user" must not be empty$/],
    [withField(COMMENT, 'user', { name: 'bob' }), /^"user" must be a string$/],
    [withField(PHOTO, 'src', 'ftp://p.example/5.jpg'), /^"src" must be an absolute http or https URL$/],
    [withField(PHOTO, 'src', '/thumbs/5.jpg'), /^"src" must be an absolute http or https URL$/],
    [withField(PHOTO, 'href', 'javascript:alert(1)'), /^"href" must be an absolute http or https URL$/],
    [withField(PHOTO, 'href', ' https://g.example/'), /^"href" must be an absolute http or https URL$/],
    [withField(PHOTO, 'href', 'https://g.example/a b'), /^"href" must be an absolute http or https URL$/],
    [withField(PHOTO, 'user.icon', 'https://'), /^"user\.icon" must be an absolute http or https URL$/],
    [withField(PHOTO, 'src', `https://p.example/${'x'.repeat(LIMITS.url)}`), /^"src" is longer than 2048 characters$/],
  ])('%s is refused: %s', (line, reason) => {
    const parsed = parseLine(line);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.reason).toMatch(reason);
  });

  test('a refused record still tells its type and id, when they are readable', () => {
    expect(parseLine(withField(PHOTO, 'src', 'nope'))).toMatchObject({ ok: false, type: 'photo', id: 5 });
    expect(parseLine(withField(COMMENT, 'up', -1))).toMatchObject({ ok: false, type: 'comment', id: 9 });
    expect(parseLine(withField(COMMENT, 'id', -1))).toEqual({ ok: false, type: 'comment', reason: expect.any(String) });
  });
});

// ---------------------------------------------------------------------------------------------
// Lines together, and with the table.

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

// ---------------------------------------------------------------------------------------------
// Reading the file.

describe('reading a file', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'import-lines-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const readAll = async (file: string, text: string | Buffer) => {
    writeFileSync(file, text);
    const lines: (string | null)[] = [];
    for await (const line of fileLines(file)) lines.push(line);
    return lines;
  };

  test('splits at LF only, drops the CR of CR LF, keeps U+2028 inside a line, and marks bytes that are not UTF-8', async () => {
    const raw = [Buffer.from('{"a":"x\u2028y\u2029z"}\r\n\n'), Buffer.from([0x7b, 0xff, 0x7d, 0x0a]), Buffer.from('last line without LF')];
    const lines = await readAll(join(dir, 'lines.ndjson'), Buffer.concat(raw));
    expect(lines).toEqual(['{"a":"x\u2028y\u2029z"}', '', null, 'last line without LF']);
  });

  test('reads long files in pieces', async () => {
    const records = generateGallery({ now: NOW, photos: 500 }).map(lineOf);
    expect(await readAll(join(dir, 'long.ndjson'), `${records.join('\n')}\n`)).toEqual(records);
  });
});

test('the summary line says how many photos and comments were written and how many lines refused', () => {
  const summary = { lines: 5, photos: 3, comments: 1, unchanged: 0, counts: 0, refused: [{ line: 2, reason: 'x' }], seconds: 1 };
  expect(summaryLine(summary)).toBe('3 photos, 1 comment written, 1 line refused');
  expect(summaryLine({ ...summary, photos: 1, comments: 0, refused: [] })).toBe('1 photo, 0 comments written, 0 lines refused');
  expect(summaryLine({ ...summary, unchanged: 2 })).toBe('3 photos, 1 comment written (2 already in the table as given), 1 line refused');
});

test('progress on a stream that is not a terminal is a line at the start, one every interval, and one at the end', () => {
  const written: string[] = [];
  const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
  const progress = streamProgress(stream, 0);
  progress.start('Writing', 50);
  progress.advance(25);
  progress.advance(25);
  progress.finish();
  expect(written[0]).toBe('Writing: 50 to go\n');
  expect(written[1]).toMatch(/^Writing: 25\/50 \(50%\) after \d+\.\d s\n$/);
  expect(written[written.length - 1]).toMatch(/^Writing: 50\/50 \(100%\)/);
});
