/**
 * A gallery or events answer (docs/api.md: The gallery's arguments; Bodies): the window the date rules give, every entry typed, inside
 * it, named by the path, seeded ones as stored, in gallery-order.ts's order; where the path names only seeds, exactly the page selected.
 */
import { commentView, photoView } from '../gallery-decode';
import { THIRTY_DAYS } from '../gallery-fixtures';
import { ORDER, type SortKey, sortRecords, type SortValue } from '../gallery-order';
import { type GalleryArgs, type ListingOutcome, pathNames } from './oracle';
import type { Entry, Payload } from './payload';
import { COMMENT_LISTS, WINDOWED } from './rules';
import { COMMENTS, PHOTOS } from './seeds';

/** Each seeded record as every type shows it (a photo without its digg count), and each photo's digg count. */
const SEEDED_ENTRIES = new Map<number, string>([
  ...PHOTOS.map((p) => [p.id, JSON.stringify(photoView(p))] as const),
  ...COMMENTS.map((c) => [c.id, JSON.stringify(commentView(c))] as const),
]);
const SEEDED_DIGG_COUNT = new Map<number, number>(PHOTOS.map((p) => [p.id, p.digg_count]));
const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const dateOf = (entry: { submit_date: number } | { date: number }): number => ('submit_date' in entry ? entry.submit_date : entry.date);
type Window = Readonly<{ min?: number; max?: number }>;
const inWindow = (date: number, window: Window): boolean =>
  (window.min === undefined || date >= window.min) && (window.max === undefined || date <= window.max);

/** The window without ids, or with some bounds only: no date lies before the epoch (its 1020 is the oracle's). */
function thirtyDayWindow({ min, max }: GalleryArgs, now: number): { min: number; max: number } {
  if (min === undefined && max === undefined) return { min: now - THIRTY_DAYS, max: now };
  if (max === undefined) return { min: min!, max: min! + THIRTY_DAYS };
  return min === undefined ? { min: Math.max(0, max - THIRTY_DAYS), max } : { min, max };
}

/** Whether `b` may follow `a` in `sort`: photos' digg counts are not shown, so known between seeded photos only. */
function inOrder(a: Entry, b: Entry, sort: SortValue): boolean {
  const keyOf = (entry: Entry): SortKey | undefined => {
    if (!('submit_date' in entry)) return { id: entry.id, date: entry.date, rank: entry.up };
    const rank = sort.startsWith('digg_count') ? SEEDED_DIGG_COUNT.get(entry.id) : 0;
    return rank === undefined ? undefined : { id: entry.id, date: entry.submit_date, rank };
  };
  const [first, next] = [keyOf(a), keyOf(b)];
  return first === undefined || next === undefined || ORDER[sort](first, next) < 0;
}

const TEXTS = new Set(['title', 'src', 'href', 'name', 'icon', 'content']);
/** Whether each field is of its type (the decoders check names and order only): replyto null or an id, the numbers whole from 0. */
const typed = (fields: object): boolean =>
  Object.entries(fields).every(([key, value]) => {
    if (key === 'user') return typeof value === 'string' || (typeof value === 'object' && value !== null && typed(value));
    return TEXTS.has(key) ? typeof value === 'string' : (key === 'replyto' && value === null) || (isInteger(value) && value >= 0);
  });

/** What is wrong with one entry: its types, window, path, data. */
function entryProblem(entry: Entry, outcome: ListingOutcome, window: Window): string | undefined {
  if (!typed(entry)) return 'types';
  if (!inWindow(dateOf(entry), window)) return 'outside the window';
  if (!pathNames(outcome, entry)) return 'not what the path names';
  const seeded = SEEDED_ENTRIES.get(entry.id);
  return seeded !== undefined && JSON.stringify(entry) !== seeded ? `not the stored record ${seeded}` : undefined;
}

export function listingProblem(payload: Payload, outcome: ListingOutcome): string | undefined {
  const comments = COMMENT_LISTS.has(outcome.endpoint);
  const resource = comments ? 'events' : 'gallery';
  if (payload.kind !== resource) return `not the ${resource} wrapper`;
  const { args } = outcome;
  const windowed = WINDOWED.has(outcome.endpoint);
  const window = windowed ? thirtyDayWindow(args, payload.timestamp) : { min: args.min, max: args.max };
  const { items: entries, total } = payload;
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => (ok ? undefined : problems.push(what));
  check(Number.isSafeInteger(payload.timestamp) && payload.timestamp > 0, 'timestamp');
  check(isInteger(total) && total >= 0, 'total');
  check(payload.offset === args.offset, `offset should be ${args.offset}`);
  check(payload.count === entries.length && entries.length <= args.count, `count (at most ${args.count}, as many as the entries)`);
  // docs/api.md, Bodies: max_date only when a maximum was asked for (gallery only).
  check(payload.max_date === (comments ? undefined : args.max), `max_date should be ${comments ? 'absent' : args.max}`);
  // min_date: the window's lower bound, or the earliest date in the gallery for an unbounded one.
  const earliest = isInteger(payload.min_date) && payload.min_date >= 0 && entries.every((e) => dateOf(e) >= payload.min_date);
  if (windowed || args.min !== undefined) check(payload.min_date === window.min, `min_date should be ${window.min}`);
  else check(earliest, 'min_date: the earliest');
  // By ids the records are read at once: the page is what total and offset leave (without, other tests may add some).
  if (!windowed && isInteger(total))
    check(payload.count === Math.max(0, Math.min(args.count, total - args.offset)), 'count of total - offset');
  entries.forEach((entry, i) => {
    const problem = entryProblem(entry, outcome, window);
    if (problem !== undefined) problems.push(`entry ${i} (${entry.id}): ${problem}`);
    if (i > 0 && !inOrder(entries[i - 1]!, entry, args.sort)) problems.push(`entry ${i} out of ${args.sort} order`);
  });
  check(new Set(entries.map((e) => e.id)).size === entries.length, 'an entry twice');
  if (outcome.candidates !== undefined) {
    const inside = outcome.candidates.filter((r) => inWindow(dateOf(r), window));
    const selected = sortRecords(inside, args.sort);
    const page = selected.slice(args.offset, args.offset + args.count).map((r) => r.id);
    check(total === selected.length, `total should be ${selected.length}`);
    check(JSON.stringify(entries.map((e) => e.id)) === JSON.stringify(page), `entries should be ${JSON.stringify(page)}`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}
