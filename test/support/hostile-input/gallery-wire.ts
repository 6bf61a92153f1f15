/** Hostile gallery requests (docs/api.md, The gallery's arguments): every argument and path id spelled every way, seeded or not. */
import fc from 'fast-check';
import { DAY } from '../gallery-fixtures';
import { SORT_VALUES } from '../gallery-order';
import { GALLERY_ARGUMENTS, MAX_DATE } from './rules';
import { ABSENT_COMMENT, ABSENT_PHOTO, absentIds, BASE_DATE, COMMENTS, GALLERY_PATHS, P1, P2, PATH_PHOTO_IDS, PHOTOS } from './seeds';
import { fullyEncode, hostileWire, weighted, words } from './strings';
import { argument } from './wire';

/** Integers spelled every way the integer rule refuses, or must read right (-0, leading zeros). */
export const INTEGER_SPELLINGS = [
  ...words(`0 -0 00 -1 1 +1 %2B1 %201 1%20 %091 1e400 1e3 1E2 1.0 1. .5 0x10 0X10 0b1 0o7 1_000 1%2C000 Infinity -Infinity NaN
    9007199254740991 9007199254740992 9007199254740993 -9007199254740991 -9007199254740993 99999999999 100000000000
    2147483647 2147483648 4294967296 %EF%BC%91 %D9%A1 1%00 %00`),
  '',
  ...words('- --1 %2D1 0%2E5 1%2F2 %FF %C0%B1 1%'),
];
/** 10 000-character integers: too large, and zeros before 7 (plain decimal, so 7). */
export const LONG_INTEGERS = [
  ...['9', '1'].map((d) => d.repeat(10_000)),
  `${'0'.repeat(9_999)}7`,
  `-${'0'.repeat(9_999)}`,
  `${'1'.repeat(5_000)}x`,
];
const integerWire = weighted(
  [6, INTEGER_SPELLINGS],
  [1, LONG_INTEGERS],
  [2, fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })).map(String)],
  [2, hostileWire],
);

/** Dates around the seeded ones, anywhere in range, and hostile. */
export const seededDates = fc.integer({ min: BASE_DATE - 3 * DAY, max: BASE_DATE + 50 * DAY });
const SEEDED_DATES = [...PHOTOS.map((p) => p.submit_date), ...COMMENTS.map((c) => c.date), 0, MAX_DATE, -1, MAX_DATE + 1].map(String);
export const dateWire = weighted(
  [6, seededDates.map(String)],
  [1, SEEDED_DATES],
  [1, fc.integer({ min: 0, max: MAX_DATE }).map(String)],
  [1, integerWire],
);
export const countWire = weighted(
  [6, fc.integer({ min: 1, max: 100 }).map(String)],
  [1, [...words('0 -1 -0 1 100 101 1000 0100'), `${'0'.repeat(50)}5`]],
  [1, fc.oneof(fc.integer({ min: 101, max: 100_000 }), fc.integer({ min: -100_000, max: 0 })).map(String)],
  [1, integerWire],
);
const offsetWire = weighted(
  [6, fc.nat(8).map(String)],
  [2, fc.integer({ min: 9, max: 170 }).map(String)],
  [1, words('-1 -0 00 1000 2147483647 9007199254740991 9007199254740992')],
  [1, integerWire],
);
export const SORT_SPELLINGS = [
  '',
  ...words(`SUBMIT_DATE-DESC Submit_date-desc submit_date digg_count submit_date-desc%20 %20digg_count-asc
  digg_count%2Bdesc digg_count+desc digg_count-desc%00 submit_date-DESC submit_date_desc date-desc digg_count-desc,submit_date-asc
  promote_date-desc digg_count-desc%E2%80%A8 -submit_date submit%5Fdate-asc digg%5Fcount-desc`),
];
export const sortWire = weighted([8, SORT_VALUES], [1, SORT_VALUES.map(fullyEncode)], [1, SORT_SPELLINGS], [1, hostileWire]);
const GALLERY_VALUES = { min_submit_date: dateWire, max_submit_date: dateWire, sort: sortWire, count: countWire, offset: offsetWire };
/** Each gallery argument now and then, a bare name (an empty value) seldom. */
export const galleryArgs = GALLERY_ARGUMENTS.map((name) =>
  fc.option(argument(fc.constant(name), GALLERY_VALUES[name], 25), { nil: undefined, freq: 2 }),
);
/** A gallery argument given again (the first value wins), or one the gallery does not take. */
export const galleryExtra = weighted(
  [9, fc.constantFrom(...GALLERY_ARGUMENTS).chain((name) => GALLERY_VALUES[name].map((value) => `${name}=${value}`))],
  [1, words('Count SORT c%6Funt=5 sort%00=x min_submit_date%20=1 submit_date=1 min_date=1 ids=1 id=1 list=1 page=2 limit=5 count[]=5')],
);

/** Other spellings of an id: some the same id (leading zeros, percent-encoded digits), most no id at all. */
export const ID_SPELLINGS: ReadonlyArray<(id: string) => string> = [
  ...words('0 + %2B %20 -').map((prefix) => (id: string) => prefix + id),
  ...words('%20 .0 e0 , %00 %0A %2F ;x %E2%80%A8').map((suffix) => (id: string) => id + suffix),
  (id) => `%3${id[0]}${id.slice(1)}`,
  (id) => fullyEncode(id),
  (id) => ` ${id}`,
  (id) => `${id},${id}`,
  (id) => `0x${Number(id).toString(16)}`,
  (id) => `${id.slice(0, -1)}%EF%BC%91`,
];
/** A path id: one of `known` (present or absent) mostly, otherwise respelled, a hostile integer, or noise. */
const idWire = (known: readonly number[]): fc.Arbitrary<string> =>
  weighted(
    [8, known.map(String)],
    [3, fc.tuple(fc.constantFrom(...known), fc.constantFrom(...ID_SPELLINGS)).map(([id, spell]) => spell(String(id)))],
    [2, INTEGER_SPELLINGS.filter((s) => s !== '')],
    [1, LONG_INTEGERS],
    [1, hostileWire.filter((s) => s !== '')],
  );
const photoIdWire = idWire([...PATH_PHOTO_IDS, ABSENT_PHOTO]);
const commentIdWire = idWire([...COMMENTS.map((c) => c.id), ABSENT_COMMENT]);
/** A photo and a comment of it, mostly; now and then a comment of another photo, or hostile ids. */
const commentPathWire = weighted(
  [4, COMMENTS.map((c) => `${c.story}/comment/${c.id}`)],
  [2, COMMENTS.filter((c) => c.replies > 0).map((c) => `${c.story}/comment/${c.id}`)],
  [3, fc.tuple(photoIdWire, commentIdWire).map(([p, c]) => `${p}/comment/${c}`)],
);

/** Id lists: seeded ids with empty elements, duplicates, other spellings; long lists either side of 100. */
const listElement = weighted([8, PATH_PHOTO_IDS.map(String)], [3, photoIdWire], [1, ['']]);
const [p1, p2] = [P1.id, P2.id];
const longList = fc
  .tuple(fc.integer({ min: 98, max: 110 }), fc.boolean())
  .map(([n, withSeeded]) => [...(withSeeded ? [p1, p2] : []), ...absentIds(n)].slice(0, n).join(','));
const ODD_LISTS = [
  ...words(`${p1},,${p2} ${p1}, ,${p1} , ,, ${p1};${p2} ${p1}%20,${p2} ${p1},%20${p2} ${p1},+${p2} ${p1},-${p2} ${p1},0 ${p1},-0
    ${p1},1e400 ${p1},9007199254740993 ${PATH_PHOTO_IDS.slice(0, 6).join(',')}`),
  ...[`${p1} ${p2}`, Array(150).fill(p1).join(','), [...absentIds(100), p1].join(','), [...absentIds(100), p1, p1].join(',')],
  ...[`${absentIds(101).join(',')},x`, '1,'.repeat(5_000), `${'1,'.repeat(4_999)}1`],
];
const listWire = weighted(
  [8, fc.array(listElement, { minLength: 1, maxLength: 8 }).map((ids) => ids.join(','))],
  [1, fc.array(listElement, { minLength: 1, maxLength: 4 }).map((ids) => ids.join('%2C'))],
  [3, longList],
  [2, ODD_LISTS],
);

/** The six gallery routes that take ids, from a list, a photo id and a `{id}/comment/{comment_id}` path. */
const idPaths = (list: fc.Arbitrary<string>, id: fc.Arbitrary<string>, comment: fc.Arbitrary<string>) => [
  ...['', '/comments'].map((end) => list.map((ids) => `/galleryphotos/${ids}${end}`)),
  ...['', '/comments'].map((end) => id.map((photo) => `/galleryphoto/${photo}${end}`)),
  ...['', '/replies'].map((end) => comment.map((path) => `/galleryphoto/${path}${end}`)),
];
/** Gallery paths naming seeded records (or the absent ones), plainly spelled. */
const seededIds = [...PATH_PHOTO_IDS, ABSENT_PHOTO];
const seededList = fc.subarray(seededIds, { minLength: 1 }).map((ids) => ids.join(','));
const seededId = fc.constantFrom(...seededIds).map(String);
const seededComment = fc.constantFrom(...COMMENTS).map((c) => `${c.story}/comment/${c.id}`);
export const seededPathWire = fc.oneof(fc.constantFrom(...GALLERY_PATHS), ...idPaths(seededList, seededId, seededComment));
export const galleryPathWire = fc.oneof(
  fc.constantFrom('/galleryphotos', '/galleryphotos/comments'),
  ...idPaths(listWire, photoIdWire, commentPathWire),
);
