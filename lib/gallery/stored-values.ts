/**
 * What the API shows of a value stored in the gallery table, whatever wrote it (docs/api.md,
 * Errors: stored values; docs/gallery-layout.md has the rule per field). Each function answers
 * the stored value itself when the API can show it as it is, so that a caller tells a degraded
 * one by `!==` and a valid item costs a few comparisons a field. A number past 2^53 comes as a
 * BigInt from the SDK's default reading, or as the nearest double: either is out of range here.
 */
import { isWholeIn } from '../db/client';
import { MAX_DATE } from './layout';
import { logger } from '../observability/powertools';

/**
 * Longest strings, in characters (code points): so that the largest page of 100 photos or 100
 * comments, in its costliest characters, fits in what Lambda can return in every type with 5 %
 * to spare (docs/import-format.md has the arithmetic; test/unit/response-size.test.ts renders it).
 * The importer refuses longer ones, and the store cuts them (shownText).
 */
export const LIMITS = { name: 200, title: 2_000, content: 8_000, url: 2_048 } as const;

const MAX_COUNT = Number.MAX_SAFE_INTEGER;

/** A whole number of seconds from 0 to MAX_DATE. */
export const isDate = (value: unknown): value is number => isWholeIn(value, 0, MAX_DATE);

/** A whole number from 1 to 2^53 − 1. */
export const isId = (value: unknown): value is number => isWholeIn(value, 1);

/** A count: a whole number from 0 to 2^53 − 1, else capped into that range (a fraction rounded down, what is not a number 0). */
export function shownCount(value: unknown): number {
  if (isWholeIn(value, 0)) return value;
  if ((typeof value !== 'number' && typeof value !== 'bigint') || value <= 0) return 0;
  return value >= MAX_COUNT ? MAX_COUNT : Math.floor(value as number);
}

/** A text: a string of at most `limit` characters, else its first `limit` (empty for what is not a string). */
export function shownText(value: unknown, limit: number): string {
  if (typeof value !== 'string') return '';
  // Never fewer UTF-16 units than characters: counting them is needed only past the limit.
  if (value.length <= limit) return value;
  let characters = 0;
  let end = 0;
  for (const character of value) {
    if (characters++ === limit) return value.slice(0, end);
    end += character.length;
  }
  return value;
}

/** The importer's links in a form one test can check: a scheme of http or https, then no space or control character. */
const LINK = /^https?:\/\/[^\s\u0000-\u001f\u007f]+$/i;

/** A link: an absolute http or https URL of at most LIMITS.url characters, else empty (a cut link leads elsewhere). */
export const shownLink = (value: unknown): string =>
  typeof value === 'string' && LINK.test(value) && shownText(value, LIMITS.url) === value ? value : '';

/**
 * Stored values a request could not take as they are (docs/api.md, Errors: stored values): each
 * item's key, what became of it and the fields why, logged in one warning per request when it is
 * answered (its signal is aborted then: lib/db/failures.ts), so that a page of a hundred bad
 * records is one line, and an item read twice in a request is named once. Without a request (the
 * importer's reads), at once.
 */

/** A record left out of the answer, a value shown degraded, an earliest-date hint not used. */
export type Outcome = 'refused' | 'degraded' | 'ignored';

type Noted = { key: string } & { [outcome in Outcome]?: string[] };

const MESSAGE = 'stored values the API cannot show as they are';

/** A request's notes, by item key. */
const notes = new WeakMap<AbortSignal, Map<string, Noted>>();

export function noteUnshowable(signal: AbortSignal | undefined, key: string, outcome: Outcome, fields: readonly string[]): void {
  if (signal === undefined || signal.aborted) {
    logger.warn(MESSAGE, { items: [{ key, [outcome]: fields }] });
    return;
  }
  let items = notes.get(signal);
  if (items === undefined) {
    const noted = new Map<string, Noted>();
    signal.addEventListener('abort', () => logger.warn(MESSAGE, { items: [...noted.values()] }), { once: true });
    notes.set(signal, noted);
    items = noted;
  }
  const item = items.get(key) ?? { key };
  items.set(key, item);
  item[outcome] = [...new Set([...(item[outcome] ?? []), ...fields])];
}
