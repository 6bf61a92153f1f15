/**
 * What the gallery store makes of stored values (lib/gallery/dynamodb.ts, lib/gallery/stored-values.ts)
 * held to the rule's oracle (test/support/stored-value-rule.ts, written from
 * docs/gallery-layout.md) over many random values, in process; and its log: one warning per
 * request, when it is answered, each item once. The same against DynamoDB Local, through the
 * handlers in every type: test/integration/gallery-stored-values*.test.ts.
 */
import fc from 'fast-check';
import { childCounts, wholeBucket } from '../../lib/gallery/counters';
import { shownComment, shownPhoto } from '../../lib/gallery/dynamodb';
import { noteUnshowable } from '../../lib/gallery/stored-values';
import { logger } from '../../lib/observability/powertools';
import { commentRecord, photoRecord } from '../support/gallery-records';
import { COMMENT_FIELDS, PHOTO_FIELDS, REFUSED, RULES, storedValues } from '../support/stored-value-rule';

let warnings: jest.SpyInstance;
beforeEach(() => (warnings = jest.spyOn(logger, 'warn').mockImplementation(() => undefined)));
afterEach(() => jest.restoreAllMocks());

/** `record` with `read` at `field` (`user.name`: a field of its map). */
function withField(record: object, field: string, read: unknown): Record<string, unknown> {
  const [top, sub] = field.split('.') as [string, string | undefined];
  const item = { ...record } as Record<string, unknown>;
  item[top] = sub === undefined ? read : { ...(item[top] as object), [sub]: read };
  return read === undefined && sub === undefined ? Object.fromEntries(Object.entries(item).filter(([key]) => key !== top)) : item;
}

const at = (record: object, field: string): unknown =>
  field.split('.').reduce<unknown>((value, name) => (value as Record<string, unknown> | undefined)?.[name], record);

/** An id no stored value is drawn as: an id field holding anything else is not its key's. */
const ID = 1_234_567_890_123;

test.each([
  ['photo', PHOTO_FIELDS, photoRecord(ID, 1_000_000), shownPhoto],
  ['comment', COMMENT_FIELDS, commentRecord(ID, 3, 1_000_000), shownComment],
] as const)(
  'a %s with any value at any field: refused or shown as the rule says, and logged when not as stored',
  (kind, fields, record, shown) => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(fields)), storedValues, (field, { read }) => {
        warnings.mockClear();
        const expected = RULES[fields[field]!](read);
        const result = shown({ pk: `${kind}#${ID}`, ...withField(record, field, read) }, ID);
        if (expected === REFUSED) {
          expect(result).toBeUndefined();
          expect(warnings.mock.calls).toEqual([[expect.any(String), { items: [{ key: `${kind}#${ID}`, refused: [field] }] }]]);
          return;
        }
        expect(result).toEqual(withField(record, field, expected));
        expect(at(result!, field)).toBe(expected);
        const noted = expected === read ? [] : [[expect.any(String), { items: [{ key: `${kind}#${ID}`, degraded: [field] }] }]];
        expect(warnings.mock.calls).toEqual(noted);
      }),
      { numRuns: 2_000 },
    );
  },
);

test('a counter holding any value reads as a count, and is logged when it is not one', () => {
  fc.assert(
    fc.property(storedValues, ({ read }) => {
      warnings.mockClear();
      const counts = childCounts({ ...wholeBucket(1, 0), from: 4, to: 5 }, { pk: 'count#photos#1#0', c4: read, c5: 3 });
      expect(counts).toEqual([read === undefined ? 0 : RULES.count(read), 3]);
      const noted = read === undefined || RULES.count(read) === read;
      expect(warnings).toHaveBeenCalledTimes(noted ? 0 : 1);
    }),
    { numRuns: 1_000 },
  );
});

test('a request logs one warning when it is answered, naming each item once with all its fields', () => {
  const answered = new AbortController();
  noteUnshowable(answered.signal, 'photo#1', 'degraded', ['title']);
  noteUnshowable(answered.signal, 'count#photos#4#0', 'degraded', ['c3']);
  noteUnshowable(answered.signal, 'photo#1', 'degraded', ['title', 'src']);
  noteUnshowable(answered.signal, 'count#photos#4#0', 'degraded', ['c3']);
  noteUnshowable(answered.signal, 'comment#2', 'refused', ['story']);
  expect(warnings).not.toHaveBeenCalled();
  answered.abort();
  const items = [
    { key: 'photo#1', degraded: ['title', 'src'] },
    { key: 'count#photos#4#0', degraded: ['c3'] },
    { key: 'comment#2', refused: ['story'] },
  ];
  expect(warnings.mock.calls).toEqual([['stored values the API cannot show as they are', { items }]]);
  // Noted after the answer (or without a request): logged at once.
  noteUnshowable(answered.signal, 'photo#3', 'degraded', ['href']);
  noteUnshowable(undefined, 'earliest#photos', 'ignored', ['date']);
  expect(warnings).toHaveBeenCalledTimes(3);
});
