/**
 * Hostile gallery requests (docs/api.md, The gallery's arguments): integers spelled every way the
 * rules refuse or must read right, dates around the seeded ones, counts, offsets and sorts; path
 * ids and id lists in every spelling, on paths that name the seeded records or not.
 */
import fc from 'fast-check';
import { DAY } from '../gallery-fixtures';
import { SORT_VALUES } from '../gallery-order';
import {
  ABSENT_COMMENT,
  ABSENT_PHOTO,
  absentIds,
  BASE_DATE,
  C101,
  C103,
  COMMENTS,
  GALLERY_PATHS,
  P1,
  P2,
  P3,
  P4,
  P5,
  P6,
  PATH_PHOTO_IDS,
  PHOTOS,
} from './seeds';
import { GALLERY_ARGUMENTS, type GalleryArgument, MAX_DATE } from './rules';
import { fullyEncode, hostileWire } from './strings';

/** Integers spelled every way the integer rule refuses, or must read right (-0, leading zeros), in wire form. */
export const INTEGER_SPELLINGS = [
  '0',
  '-0',
  '00',
  '-1',
  '1',
  '+1',
  '%2B1',
  '%201',
  '1%20',
  '%091',
  '1e400',
  '1e3',
  '1E2',
  '1.0',
  '1.',
  '.5',
  '0x10',
  '0X10',
  '0b1',
  '0o7',
  '1_000',
  '1%2C000',
  'Infinity',
  '-Infinity',
  'NaN',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740991',
  '-9007199254740993',
  '99999999999',
  '100000000000',
  '2147483647',
  '2147483648',
  '4294967296',
  '%EF%BC%91',
  '%D9%A1',
  '1%00',
  '%00',
  '',
  '-',
  '--1',
  '%2D1',
  '0%2E5',
  '1%2F2',
  '%FF',
  '%C0%B1',
  '1%',
];
/** 10 000-character integers: too large, and zeros before 7 (plain decimal, so 7). */
export const LONG_INTEGERS = [
  '9'.repeat(10_000),
  '1'.repeat(10_000),
  `${'0'.repeat(9_999)}7`,
  `-${'0'.repeat(9_999)}`,
  `${'1'.repeat(5_000)}x`,
];
const integerWire = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INTEGER_SPELLINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG_INTEGERS) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })).map(String) },
  { weight: 2, arbitrary: hostileWire },
);

/** Dates around the seeded ones, anywhere in range, and hostile. */
export const seededDates = fc.integer({ min: BASE_DATE - 3 * DAY, max: BASE_DATE + 50 * DAY });
export const dateWire = fc.oneof(
  { weight: 6, arbitrary: seededDates.map(String) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...PHOTOS.map((p) => p.submit_date), ...COMMENTS.map((c) => c.date), 0, MAX_DATE, -1, MAX_DATE + 1)
      .map(String),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: MAX_DATE }).map(String) },
  { weight: 1, arbitrary: integerWire },
);
export const countWire = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 100 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '-0', '1', '100', '101', '1000', '0100', `${'0'.repeat(50)}5`).map(String) },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: 101, max: 100_000 }), fc.integer({ min: -100_000, max: 0 })).map(String) },
  { weight: 1, arbitrary: integerWire },
);
const offsetWire = fc.oneof(
  { weight: 6, arbitrary: fc.nat(8).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: 9, max: 170 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('-1', '-0', '00', '1000', '2147483647', '9007199254740991', '9007199254740992') },
  { weight: 1, arbitrary: integerWire },
);
export const SORT_SPELLINGS = [
  '',
  'SUBMIT_DATE-DESC',
  'Submit_date-desc',
  'submit_date',
  'digg_count',
  'submit_date-desc%20',
  '%20digg_count-asc',
  'digg_count%2Bdesc',
  'digg_count+desc',
  'digg_count-desc%00',
  'submit_date-DESC',
  'submit_date_desc',
  'date-desc',
  'digg_count-desc,submit_date-asc',
  'promote_date-desc',
  'digg_count-desc%E2%80%A8',
  '-submit_date',
  'submit%5Fdate-asc',
  'digg%5Fcount-desc',
];
export const sortWire = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SORT_VALUES) },
  { weight: 1, arbitrary: fc.constantFrom(...SORT_VALUES).map(fullyEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...SORT_SPELLINGS) },
  { weight: 1, arbitrary: hostileWire },
);
const GALLERY_VALUES: Readonly<Record<GalleryArgument, fc.Arbitrary<string>>> = {
  min_submit_date: dateWire,
  max_submit_date: dateWire,
  sort: sortWire,
  count: countWire,
  offset: offsetWire,
};
/** Each gallery argument now and then, a bare name (an empty value) seldom. */
export const galleryArgs = GALLERY_ARGUMENTS.map((name) =>
  fc.option(
    fc.tuple(fc.constant(name), fc.option(GALLERY_VALUES[name], { freq: 25 })).map(([n, v]) => (v === null ? n : `${n}=${v}`)),
    { nil: undefined, freq: 2 },
  ),
);
/** A gallery argument given again (the first value wins), or one the gallery does not take. */
export const galleryExtra = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...GALLERY_ARGUMENTS).chain((name) => GALLERY_VALUES[name].map((value) => `${name}=${value}`)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Count',
      'SORT',
      'c%6Funt=5',
      'sort%00=x',
      'min_submit_date%20=1',
      'submit_date=1',
      'min_date=1',
      'ids=1',
      'id=1',
      'list=1',
      'page=2',
      'limit=5',
      'count[]=5',
    ),
  },
);

/** Other spellings of an id: some the same id (leading zeros, percent-encoded digits), most no id at all. */
export const ID_SPELLINGS: ReadonlyArray<(id: string) => string> = [
  (id) => `0${id}`,
  (id) => `%3${id[0]}${id.slice(1)}`,
  (id) => fullyEncode(id),
  (id) => `+${id}`,
  (id) => `%2B${id}`,
  (id) => `%20${id}`,
  (id) => `${id}%20`,
  (id) => ` ${id}`,
  (id) => `-${id}`,
  (id) => `${id}.0`,
  (id) => `${id}e0`,
  (id) => `${id},`,
  (id) => `${id},${id}`,
  (id) => `${id}%00`,
  (id) => `${id}%0A`,
  (id) => `0x${Number(id).toString(16)}`,
  (id) => `${id}%2F`,
  (id) => `${id};x`,
  (id) => `${id}%E2%80%A8`,
  (id) => `${id.slice(0, -1)}%EF%BC%91`,
];
/** A path id: one of `known` (present or absent) mostly, otherwise respelled, a hostile integer, or noise. */
const idWire = (known: readonly number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known).map(String) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...known), fc.constantFrom(...ID_SPELLINGS)).map(([id, spell]) => spell(String(id))) },
    { weight: 2, arbitrary: fc.constantFrom(...INTEGER_SPELLINGS.filter((s) => s !== '')) },
    { weight: 1, arbitrary: fc.constantFrom(...LONG_INTEGERS) },
    { weight: 1, arbitrary: hostileWire.filter((s) => s !== '') },
  );
const photoIdWire = idWire([...PATH_PHOTO_IDS, ABSENT_PHOTO]);
const commentIdWire = idWire([...COMMENTS.map((c) => c.id), ABSENT_COMMENT]);
/** A photo and a comment of it, mostly; now and then a comment of another photo, or hostile ids. */
const commentPathWire = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COMMENTS).map((c) => `${c.story}/comment/${c.id}`) },
  { weight: 2, arbitrary: fc.constantFrom(C101, C103).map((c) => `${c.story}/comment/${c.id}`) },
  { weight: 3, arbitrary: fc.tuple(photoIdWire, commentIdWire).map(([p, c]) => `${p}/comment/${c}`) },
);

/** Id lists: seeded ids with empty elements, duplicates, other spellings; long lists either side of 100. */
const listElement = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PATH_PHOTO_IDS.map(String)) },
  { weight: 3, arbitrary: photoIdWire },
  fc.constant(''),
);
const listWire = fc.oneof(
  { weight: 8, arbitrary: fc.array(listElement, { minLength: 1, maxLength: 8 }).map((ids) => ids.join(',')) },
  { weight: 1, arbitrary: fc.array(listElement, { minLength: 1, maxLength: 4 }).map((ids) => ids.join('%2C')) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 98, max: 110 }), fc.boolean())
      .map(([n, withSeeded]) => [...(withSeeded ? [P1.id, P2.id] : []), ...absentIds(n)].slice(0, n).join(',')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      `${P1.id},,${P2.id}`,
      `${P1.id},`,
      `,${P1.id}`,
      ',',
      ',,',
      `${P1.id};${P2.id}`,
      `${P1.id} ${P2.id}`,
      `${P1.id}%20,${P2.id}`,
      `${P1.id},%20${P2.id}`,
      `${P1.id},+${P2.id}`,
      `${P1.id},-${P2.id}`,
      `${P1.id},0`,
      `${P1.id},-0`,
      `${P1.id},1e400`,
      `${P1.id},9007199254740993`,
      Array(150).fill(P1.id).join(','),
      [...absentIds(100), P1.id].join(','),
      [...absentIds(100), P1.id, P1.id].join(','),
      `${absentIds(101).join(',')},x`,
      '1,'.repeat(5_000),
      `${'1,'.repeat(4_999)}1`,
      `${P1.id},${P2.id},${P3.id},${P4.id},${P5.id},${P6.id}`,
    ),
  },
);

/** Gallery paths naming seeded records (or the absent ones), plainly spelled. */
const seededIds = [...PATH_PHOTO_IDS, ABSENT_PHOTO];
export const seededPathWire = fc.oneof(
  fc.constantFrom(...GALLERY_PATHS),
  fc.subarray(seededIds, { minLength: 1 }).map((ids) => `/galleryphotos/${ids.join(',')}`),
  fc.subarray(seededIds, { minLength: 1 }).map((ids) => `/galleryphotos/${ids.join(',')}/comments`),
  fc.constantFrom(...seededIds).map((id) => `/galleryphoto/${id}`),
  fc.constantFrom(...seededIds).map((id) => `/galleryphoto/${id}/comments`),
  fc.constantFrom(...COMMENTS).map((c) => `/galleryphoto/${c.story}/comment/${c.id}`),
  fc.constantFrom(...COMMENTS).map((c) => `/galleryphoto/${c.story}/comment/${c.id}/replies`),
);

export const galleryPathWire = fc.oneof(
  fc.constantFrom('/galleryphotos', '/galleryphotos/comments'),
  listWire.map((list) => `/galleryphotos/${list}`),
  listWire.map((list) => `/galleryphotos/${list}/comments`),
  photoIdWire.map((id) => `/galleryphoto/${id}`),
  photoIdWire.map((id) => `/galleryphoto/${id}/comments`),
  commentPathWire.map((path) => `/galleryphoto/${path}`),
  commentPathWire.map((path) => `/galleryphoto/${path}/replies`),
);
