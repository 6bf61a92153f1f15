/**
 * A stored photo or comment as the API shows it (docs/api.md, Errors: stored values): refused
 * (undefined, as if there were none) when a field that places it (its id, which must be its key's,
 * its date, and a comment's photo, parent, level and thread) is not one the API can show; else
 * every other field as ./stored-values.ts shows it. Either is noted with the item's key for the
 * request's log (./unshowable.ts). docs/gallery-layout.md has the rule per field.
 */
import { isWholeIn } from '../whole-number';
import type { CommentRecord, PhotoRecord } from './records';
import { isDate, isId, LIMITS, shownCount, shownLink, shownText } from './stored-values';
import { noteUnshowable } from './unshowable';

type Item = Record<string, unknown>;

/** A field that places a record, and whether a stored value of it can be shown (`id`: the key's). */
type Placing = readonly [field: string, valid: (value: unknown, id: number) => boolean];

const isOwnId = (value: unknown, id: number): boolean => value === id;
const isReplyTo = (value: unknown): boolean => value === null || isId(value);
const isLevel = (value: unknown): boolean => isWholeIn(value, 0);

const PHOTO_PLACING: readonly Placing[] = [
  ['id', isOwnId],
  ['submit_date', isDate],
];
const COMMENT_PLACING: readonly Placing[] = [
  ['id', isOwnId],
  ['date', isDate],
  ['story', isId],
  ['replyto', isReplyTo],
  ['level', isLevel],
  ['root', isId],
];
const PHOTO_SHOWN = ['comments', 'title', 'src', 'href', 'digg_count'] as const;
const USER_SHOWN = ['name', 'icon', 'registered', 'profileviews'] as const;
const COMMENT_SHOWN = ['up', 'down', 'replies', 'user', 'content'] as const;

/** Whether the item's placing fields can be shown; if not, it is noted as refused. */
function placed(item: Item, id: number, placing: readonly Placing[], signal: AbortSignal | undefined): boolean {
  if (placing.every(([field, valid]) => valid(item[field], id))) return true;
  const wrong = placing.filter(([field, valid]) => !valid(item[field], id)).map(([field]) => field);
  noteUnshowable(signal, String(item.pk), 'refused', wrong);
  return false;
}

/** `found` with the fields whose shown value is not the stored one, `prefix` before each name (undefined while there is none). */
function degraded(shown: object, stored: Item, fields: readonly string[], found?: string[], prefix = ''): string[] | undefined {
  for (const field of fields) if ((shown as Item)[field] !== stored[field]) found = [...(found ?? []), prefix + field];
  return found;
}

export function shownPhoto(item: Item, id: number, signal?: AbortSignal): PhotoRecord | undefined {
  if (!placed(item, id, PHOTO_PLACING, signal)) return undefined;
  const stored = (typeof item.user === 'object' && item.user !== null ? item.user : {}) as Item;
  const user = {
    name: shownText(stored.name, LIMITS.name),
    icon: shownLink(stored.icon),
    registered: isDate(stored.registered) ? stored.registered : 0,
    profileviews: shownCount(stored.profileviews),
  };
  const photo: PhotoRecord = {
    id,
    submit_date: item.submit_date as number,
    comments: shownCount(item.comments),
    title: shownText(item.title, LIMITS.title),
    user,
    src: shownLink(item.src),
    href: shownLink(item.href),
    digg_count: shownCount(item.digg_count),
  };
  const fields = degraded(user, stored, USER_SHOWN, degraded(photo, item, PHOTO_SHOWN), 'user.');
  if (fields !== undefined) noteUnshowable(signal, String(item.pk), 'degraded', fields);
  return photo;
}

export function shownComment(item: Item, id: number, signal?: AbortSignal): CommentRecord | undefined {
  if (!placed(item, id, COMMENT_PLACING, signal)) return undefined;
  const comment: CommentRecord = {
    date: item.date as number,
    id,
    story: item.story as number,
    up: shownCount(item.up),
    down: shownCount(item.down),
    replies: shownCount(item.replies),
    replyto: item.replyto as number | null,
    user: shownText(item.user, LIMITS.name),
    content: shownText(item.content, LIMITS.content),
    level: item.level as number,
    root: item.root as number,
  };
  const fields = degraded(comment, item, COMMENT_SHOWN);
  if (fields !== undefined) noteUnshowable(signal, String(item.pk), 'degraded', fields);
  return comment;
}
