/**
 * The sample gallery (infra/local/sample/generator.ts) at the sizes `npm start` and the scale run load: the same
 * for the same seed and time, spread and skewed as the real site's, with text to escape, and all of it passing the
 * importer's checks (the table a map in memory).
 */
import { generateGallery, SAMPLE_DEFAULTS } from '../../infra/local/sample/generator';
import { SCALE_GALLERY } from '../../infra/perf/scale/data';
import type { ImportPlan } from '../../infra/ops/gallery/plan';
import { lineOf, type CommentLine, type ImportRecord, type PhotoLine } from '../../infra/ops/gallery/records';
import { HARD_TEXT, SCRIPT_TEXT } from '../../infra/local/sample/sample-text';
import { NOW, plan } from '../support/gallery-import-samples';

const DAY = 86_400;

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
