/** What the API shows of a value written by hand into a gallery item (docs/gallery-layout.md), from the rule, and values to draw. */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';

/** 2^53 − 1: the largest count shown. */
export const MAX = 9_007_199_254_740_991;
const MAX_DATE = 99_999_999_999;
/** What the oracle answers for a field whose value makes the record refused. */
export const REFUSED = Symbol('refused');

/** A value as a test writes it, and as the functions read it (a number: the nearest double, lib/db/client.ts). */
export interface Stored {
  readonly attribute: AttributeValue | undefined;
  readonly read: unknown;
}

const fail = (message: string): never => {
  throw new Error(message);
};
const isWhole = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && min <= value && value <= max;
const placing = (min: number, max: number) => (value: unknown) => (isWhole(value, min, max) ? value : REFUSED);
const text = (limit: number) => (value: unknown) => (typeof value === 'string' ? Array.from(value).slice(0, limit).join('') : '');

/** The rule for each kind of field; `own` is an item's id, which must be its key's (the tests' ids are never drawn). */
export const RULES = {
  own: (_value: unknown): unknown => REFUSED,
  date: placing(0, MAX_DATE),
  id: placing(1, MAX),
  level: placing(0, MAX),
  replyto: (value: unknown): unknown => (value === null ? null : placing(1, MAX)(value)),
  count: (value: unknown): unknown => (typeof value !== 'number' || value < 0 ? 0 : Math.min(MAX, Math.floor(value))),
  registered: (value: unknown): unknown => (isWhole(value, 0, MAX_DATE) ? value : 0),
  name: text(200),
  title: text(2_000),
  content: text(8_000),
  link: (value: unknown): unknown =>
    typeof value === 'string' && /^https?:\/\/./i.test(value) && !/[\s\u0000-\u001f\u007f]/.test(value) && Array.from(value).length <= 2_048
      ? value
      : '',
} as const;
export type Kind = keyof typeof RULES;

/** Each stored field of a photo and a comment (`field:kind`), by its kind; `user.` fields are the photo's user map's. */
const fields = (table: string) =>
  Object.fromEntries(
    table
      .trim()
      .split(/\s+/)
      .map((entry) => entry.split(':'))
      // A kind the rules lack is a typo here, which the type checker cannot see in text.
      .map(([field, kind]) => (kind! in RULES ? [field, kind] : fail(`${field}: no rule for kind ${kind}`))),
  ) as Readonly<Record<string, Kind>>;
export const PHOTO_FIELDS = fields(`id:own submit_date:date comments:count title:title user.name:name user.icon:link
  user.registered:registered user.profileviews:count src:link href:link digg_count:count`);
export const COMMENT_FIELDS = fields(`date:date id:own story:id up:count down:count replies:count replyto:replyto user:name
  content:content level:level root:id`);

const asNumber = (text: string): Stored => ({ attribute: { N: text }, read: Number(text) + 0 });
const asString = (value: string): Stored => ({ attribute: { S: value }, read: value });
/** Numbers at and around every bound of the rule, past 2^53 and DynamoDB's, and fractions: as DynamoDB holds them, in text. */
const EDGE_NUMBERS = ['0', '1', '7', '-3', '1.5', '0.999', '1E-130', '99999999999', '100000000000', '9007199254740991'];
const PAST_2_53 = ['9007199254740993', '12345678901234567890.5', '1E+30', '-9.99E+125', '99999999999999999999999999999999999999'];

const numbers: fc.Arbitrary<Stored> = fc.oneof(
  fc.constantFrom(...EDGE_NUMBERS, ...PAST_2_53).map(asNumber),
  fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.maxSafeNat()).map((n) => asNumber(String(n))),
  fc.bigInt({ min: -(10n ** 37n), max: 10n ** 37n }).map((n) => asNumber(String(n))),
  fc
    .double({ min: -1e20, max: 1e20, noNaN: true })
    .filter((d) => d === 0 || Math.abs(d) >= 1e-100)
    .map((d) => asNumber(String(d))),
);

/** fc.webUrl(), built when first drawn: building it maps every code point (seconds), which files reading only the rules need not pay. */
let webUrl: fc.Arbitrary<string> | undefined;
const lazyWebUrl = fc.constant(null).chain(() => (webUrl ??= fc.webUrl()));

/** Texts and links, short and past every bound (counted in characters: an emoji is one), with the characters bodies escape. */
const strings: fc.Arbitrary<Stored> = fc.oneof(
  fc.string({ unit: 'grapheme' }).map(asString),
  fc
    .constantFrom('12', 'https://img.example.org/a?b=1&c="2"', 'HTTP://img.example.org/x', 'javascript:alert(1)', 'http://', 'http://a b')
    .map(asString),
  lazyWebUrl.map(asString),
  fc
    .tuple(fc.constantFrom('a', 'é', '😀', '\u0001', '"&<>', '\u2028'), fc.integer({ min: 150, max: 9_000 }))
    .map(([unit, n]) => asString(unit.repeat(n))),
  fc.integer({ min: 2_030, max: 2_060 }).map((n) => asString(`https://img.example.org/${'p'.repeat(n - 24)}`)),
);

/** Everything else DynamoDB stores: a missing attribute, booleans, NULL, maps, lists, sets, binary. */
const others: fc.Arbitrary<Stored> = fc.constantFrom<Stored>(
  { attribute: undefined, read: undefined },
  { attribute: { BOOL: true }, read: true },
  { attribute: { NULL: true }, read: null },
  { attribute: { M: { name: { S: 'x' } } }, read: { name: 'x' } },
  { attribute: { L: [{ N: '3' }] }, read: [3] },
  { attribute: { SS: ['a', 'b'] }, read: new Set(['a', 'b']) },
  { attribute: { NS: ['1', '2'] }, read: new Set([1, 2]) },
  { attribute: { B: new Uint8Array([1, 2]) }, read: new Uint8Array([1, 2]) },
);

export const storedValues: fc.Arbitrary<Stored> = fc.oneof(numbers, strings, others);
