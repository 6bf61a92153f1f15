/**
 * The importer's records (docs/import-format.md): one JSON object per line, a photo or a
 * comment, and the checks a line passes on its own. What needs other lines or the table
 * (duplicates, photos and parents that exist, cycles) is checked in ./plan.ts.
 */
import { MAX_DATE } from '../../../lib/gallery/layout';
import type { CommentRecord, PhotoRecord } from '../../../lib/gallery/records';
import { LIMITS } from '../../../lib/gallery/stored-values';
import type { UserValue } from '../../../lib/resources/gallery';

export interface PhotoLine {
  readonly type: 'photo';
  readonly id: number;
  readonly submit_date: number;
  readonly title: string;
  readonly user: UserValue;
  readonly src: string;
  readonly href: string;
  readonly digg_count: number;
}

export interface CommentLine {
  readonly type: 'comment';
  readonly id: number;
  /** The photo commented on (the API's `story`). */
  readonly photo: number;
  /** The comment replied to, of the same photo; null for a top-level comment. */
  readonly replyto: number | null;
  readonly date: number;
  /** The user's name. */
  readonly user: string;
  readonly content: string;
  readonly up: number;
  readonly down: number;
}

export type ImportRecord = PhotoLine | CommentLine;

/** A line that passed its own checks, or why it did not (with its type and id when they were readable). */
export type ParsedLine =
  | { readonly ok: true; readonly record: ImportRecord }
  | { readonly ok: false; readonly reason: string; readonly type?: ImportRecord['type']; readonly id?: number };

const PHOTO_KEYS = ['type', 'id', 'submit_date', 'title', 'user', 'src', 'href', 'digg_count'] as const;
const COMMENT_KEYS = ['type', 'id', 'photo', 'replyto', 'date', 'user', 'content', 'up', 'down'] as const;
const USER_KEYS = ['name', 'icon', 'registered', 'profileviews'] as const;

/** Fields of the stored items that the importer computes: named in the refusal so the writer of the file knows. */
const DERIVED: Record<ImportRecord['type'], Record<string, string>> = {
  photo: { comments: '"comments" is counted by the importer; leave it out' },
  comment: {
    level: '"level" is computed by the importer; leave it out',
    root: '"root" is computed by the importer; leave it out',
    replies: '"replies" is counted by the importer; leave it out',
    story: 'the photo of a comment is "photo" in the file, not "story"',
  },
};

class Refusal extends Error {}

const refuse = (reason: string): never => {
  throw new Refusal(reason);
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

function id(value: unknown, field: string): number {
  return isId(value) ? value : refuse(`"${field}" must be a positive integer of at most ${Number.MAX_SAFE_INTEGER}`);
}

function count(value: unknown, field: string): number {
  return Number.isSafeInteger(value) && (value as number) >= 0
    ? (value as number)
    : refuse(`"${field}" must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`);
}

function date(value: unknown, field: string): number {
  return Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DATE
    ? (value as number)
    : refuse(`"${field}" must be a Unix time in whole seconds from 0 to ${MAX_DATE}`);
}

function text(value: unknown, field: string, limit: number, nonEmpty = false): string {
  if (typeof value !== 'string') return refuse(`"${field}" must be a string`);
  if (nonEmpty && value.trim() === '') return refuse(`"${field}" must not be empty`);
  // JSON can spell a lone surrogate (\ud800), which no UTF-8 store can keep.
  if (!value.isWellFormed()) return refuse(`"${field}" holds a lone surrogate (not well-formed Unicode)`);
  let characters = 0;
  for (const _ of value) if (++characters > limit) return refuse(`"${field}" is longer than ${limit} characters`);
  return value;
}

/** An absolute http(s) URL, exactly as a browser would read it: no spaces or control characters around or in it. */
function url(value: unknown, field: string): string {
  const given = text(value, field, LIMITS.url);
  let parsed: URL | undefined;
  try {
    parsed = /[\s\u0000-\u001f\u007f]/.test(given) ? undefined : new URL(given);
  } catch {
    parsed = undefined;
  }
  if (parsed === undefined || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '') {
    return refuse(`"${field}" must be an absolute http or https URL`);
  }
  return given;
}

function fields(object: Record<string, unknown>, allowed: readonly string[], prefix: string, derived: Record<string, string> = {}): void {
  for (const key of Object.keys(object)) {
    if (allowed.includes(key)) continue;
    refuse(derived[key] ?? `unknown field "${prefix}${key}"`);
  }
  for (const key of allowed) if (!(key in object)) refuse(`missing field "${prefix}${key}"`);
}

function user(value: unknown): UserValue {
  if (!isObject(value)) return refuse('"user" must be an object with name, icon, registered and profileviews');
  fields(value, USER_KEYS, 'user.');
  return {
    name: text(value.name, 'user.name', LIMITS.name, true),
    icon: url(value.icon, 'user.icon'),
    registered: date(value.registered, 'user.registered'),
    profileviews: count(value.profileviews, 'user.profileviews'),
  };
}

function photo(object: Record<string, unknown>): PhotoLine {
  fields(object, PHOTO_KEYS, '', DERIVED.photo);
  return {
    type: 'photo',
    id: id(object.id, 'id'),
    submit_date: date(object.submit_date, 'submit_date'),
    title: text(object.title, 'title', LIMITS.title),
    user: user(object.user),
    src: url(object.src, 'src'),
    href: url(object.href, 'href'),
    digg_count: count(object.digg_count, 'digg_count'),
  };
}

function comment(object: Record<string, unknown>): CommentLine {
  fields(object, COMMENT_KEYS, '', DERIVED.comment);
  const replyto =
    object.replyto === null
      ? null
      : isId(object.replyto)
        ? object.replyto
        : refuse('"replyto" must be null or a positive integer (a comment id)');
  return {
    type: 'comment',
    id: id(object.id, 'id'),
    photo: id(object.photo, 'photo'),
    replyto,
    date: date(object.date, 'date'),
    user: text(object.user, 'user', LIMITS.name, true),
    content: text(object.content, 'content', LIMITS.content),
    up: count(object.up, 'up'),
    down: count(object.down, 'down'),
  };
}

/** Reads one line (without its line break): a record, or why not. */
export function parseLine(line: string): ParsedLine {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { ok: false, reason: `not JSON (${(error as Error).message})` };
  }
  if (!isObject(value)) return { ok: false, reason: 'not a JSON object' };
  const type = value.type === 'photo' || value.type === 'comment' ? value.type : undefined;
  try {
    if (type === undefined) return refuse('"type" must be "photo" or "comment"');
    return { ok: true, record: type === 'photo' ? photo(value) : comment(value) };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // Kept so that what refers to this record is refused with it, not as if it did not exist.
    return {
      ok: false,
      reason: error.message,
      ...(type === undefined ? {} : { type }),
      ...(type !== undefined && isId(value.id) ? { id: value.id } : {}),
    };
  }
}

/** One record as a line of the format (what the generator writes). */
export const lineOf = (record: ImportRecord): string => JSON.stringify(record);

/** Stored records as lines, in the order given: the importer derives counts, levels and roots again. */
export function linesOf(photos: readonly PhotoRecord[], comments: readonly CommentRecord[]): string[] {
  return [
    ...photos.map(({ comments: _derived, ...photo }): PhotoLine => ({ type: 'photo', ...photo })),
    ...comments.map(
      ({ id, story, replyto, date, user, content, up, down }): CommentLine => ({
        type: 'comment',
        id,
        photo: story,
        replyto,
        date,
        user,
        content,
        up,
        down,
      }),
    ),
  ].map(lineOf);
}
