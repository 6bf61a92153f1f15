/**
 * The oracle of a gallery or events answer (docs/api.md: The gallery's arguments; Bodies, the
 * lists' fields): the window the date rules give, every entry typed, inside it, related to the path
 * and (for the seeded ones) exactly as stored, in the one order of test/support/gallery-order.ts;
 * and where every id the path names is seeded, exactly the page the rules select.
 */
import { THIRTY_DAYS } from '../gallery-fixtures';
import { ORDER, type SortKey, sortRecords, type SortValue } from '../gallery-order';
import type { GalleryArgs, ListingOutcome } from './outcomes';
import type { Entry, Payload } from './payload';
import { SEEDED_DIGG_COUNT, SEEDED_ENTRIES } from './seeds';
import { COMMENT_LISTS, WINDOWED } from './rules';

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const dateOf = (entry: Entry): number => ('submit_date' in entry ? entry.submit_date : entry.date);
const inWindow = (date: number, window: { readonly min?: number; readonly max?: number }): boolean =>
  (window.min === undefined || date >= window.min) && (window.max === undefined || date <= window.max);

/**
 * The window without ids, or with only some bounds (docs/api.md, The gallery's arguments: the date
 * window; its 1020 is in windowFailure). No date lies before the epoch (min_submit_date's minimum
 * is 0): the 30 days before a max_submit_date begin at 0 at the earliest, and so does min_date.
 */
function thirtyDayWindow({ min, max }: GalleryArgs, now: number): { min: number; max: number } {
  if (min === undefined && max === undefined) return { min: now - THIRTY_DAYS, max: now };
  if (max === undefined) return { min: min!, max: min! + THIRTY_DAYS };
  if (min === undefined) return { min: Math.max(0, max - THIRTY_DAYS), max };
  return { min, max };
}

/**
 * Whether `b` may follow `a` in the order of `sort`. A photo's digg count is not shown: a
 * digg-count order is known between seeded photos only.
 */
function inOrder(a: Entry, b: Entry, sort: SortValue): boolean {
  const keyOf = (entry: Entry): SortKey | undefined => {
    if (!('submit_date' in entry)) return { id: entry.id, date: entry.date, rank: entry.up };
    const rank = sort.startsWith('digg_count') ? SEEDED_DIGG_COUNT.get(entry.id) : 0;
    return rank === undefined ? undefined : { id: entry.id, date: entry.submit_date, rank };
  };
  const [first, next] = [keyOf(a), keyOf(b)];
  return first === undefined || next === undefined || ORDER[sort](first, next) < 0;
}

/** What is wrong with one entry: its types, its window, its relation to the path, its data. */
function entryProblem(
  entry: Entry,
  outcome: ListingOutcome,
  window: { min?: number; max?: number },
  comments: boolean,
): string | undefined {
  // As the body carried them: the decoders check the names and order of the fields, not their types.
  const fields = entry as unknown as Readonly<Record<string, unknown>>;
  const ints = comments ? ['date', 'id', 'story', 'up', 'down', 'replies', 'level', 'root'] : ['id', 'submit_date', 'comments'];
  const strings = comments ? ['user', 'content'] : ['title', 'src', 'href'];
  const user = (fields.user ?? {}) as Readonly<Record<string, unknown>>;
  const typed =
    ints.every((key) => isInteger(fields[key]) && (fields[key] as number) >= 0) &&
    strings.every((key) => typeof fields[key] === 'string') &&
    (!comments || fields.replyto === null || isInteger(fields.replyto)) &&
    (comments ||
      (typeof user.name === 'string' && typeof user.icon === 'string' && isInteger(user.registered) && isInteger(user.profileviews)));
  if (!typed) return 'types';
  if (!inWindow(dateOf(entry), window)) return 'outside the window';
  const { ids = [], id, commentId } = outcome;
  const related = {
    photos: true,
    comments: true,
    photosByIds: ids.includes(entry.id),
    photo: entry.id === id,
    photosComments: ids.includes(fields.story as number),
    photoComments: fields.story === id && fields.level === 0,
    comment: entry.id === commentId && fields.story === id,
    replies: fields.replyto === commentId && fields.story === id,
  }[outcome.endpoint];
  if (!related) return 'not what the path names';
  const seeded = SEEDED_ENTRIES.get(entry.id);
  if (seeded !== undefined && JSON.stringify(entry) !== seeded) return `not the stored record ${seeded}`;
  return undefined;
}

/** What is wrong with a listing answer, or undefined. */
export function listingProblem(payload: Payload, outcome: ListingOutcome): string | undefined {
  const comments = COMMENT_LISTS.has(outcome.endpoint);
  const resource = comments ? 'events' : 'gallery';
  if (payload.kind !== resource) return `not the ${resource} wrapper`;
  const { args } = outcome;
  const windowed = WINDOWED.has(outcome.endpoint);
  const window = windowed ? thirtyDayWindow(args, payload.timestamp) : { min: args.min, max: args.max };
  const { items: entries, total } = payload;
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  check(Number.isSafeInteger(payload.timestamp) && payload.timestamp > 0, 'timestamp');
  check(isInteger(total) && total >= 0, 'total');
  check(payload.offset === args.offset, `offset should be ${args.offset}`);
  check(payload.count === entries.length && entries.length <= args.count, `count (at most ${args.count}, as many as the entries)`);
  // docs/api.md, Bodies: max_date only when a maximum was asked for (gallery only).
  check(payload.max_date === (comments ? undefined : args.max), `max_date should be ${comments ? 'absent' : args.max}`);
  // min_date: the window's lower bound, or the earliest date in the gallery for an unbounded one.
  if (windowed || args.min !== undefined) check(payload.min_date === window.min, `min_date should be ${window.min}`);
  else
    check(
      isInteger(payload.min_date) && payload.min_date >= 0 && entries.every((e) => dateOf(e) >= payload.min_date),
      'min_date: the earliest date',
    );
  // A listing by ids reads its records at once: the page is what total and offset leave. (Without
  // ids other tests may add records between the count and the page.)
  if (!windowed && isInteger(total))
    check(payload.count === Math.max(0, Math.min(args.count, total - args.offset)), 'count of total - offset');
  entries.forEach((entry, i) => {
    const problem = entryProblem(entry, outcome, window, comments);
    if (problem !== undefined) problems.push(`entry ${i} (${entry.id}): ${problem}`);
    if (i > 0 && !inOrder(entries[i - 1]!, entry, args.sort)) problems.push(`entry ${i} out of ${args.sort} order`);
  });
  check(new Set(entries.map((e) => e.id)).size === entries.length, 'an entry twice');
  if (outcome.candidates !== undefined) {
    const inside = outcome.candidates.filter((r) => inWindow('submit_date' in r ? r.submit_date : r.date, window));
    const selected = sortRecords(inside, args.sort);
    const page = selected.slice(args.offset, args.offset + args.count).map((r) => r.id);
    check(total === selected.length, `total should be ${selected.length}`);
    check(JSON.stringify(entries.map((e) => e.id)) === JSON.stringify(page), `entries should be ${JSON.stringify(page)}`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}
