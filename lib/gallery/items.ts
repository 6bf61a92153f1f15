/**
 * How photos and comments are laid out in GalleryTable: the one definition the store reads by
 * and the importer writes by. Every item has the key `pk`; the indexes are
 * - byDate (kind, date_id), keys plus digg_count and up: listings by date, counts, digg sorts;
 * - byPhoto (photo_key, date_id), all attributes: the comments of a photo;
 * - byParent (parent_key, date_id), all attributes: the replies to a comment.
 * date_id is the date and the id, zero-padded, so that it sorts by date, then by id.
 */
import type { CommentRecord, Kind, PhotoRecord } from './store';

const DATE_DIGITS = 11;
const ID_DIGITS = 16;
export const MAX_DATE = 10 ** DATE_DIGITS - 1;

export const itemKey = (kind: Kind, id: number): string => `${kind}#${id}`;

export const dateId = (date: number, id: number): string =>
  `${String(date).padStart(DATE_DIGITS, '0')}#${String(id).padStart(ID_DIGITS, '0')}`;

export function parseDateId(value: string): { date: number; id: number } {
  const [date, id] = value.split('#');
  return { date: Number(date), id: Number(id) };
}

const PHOTO_FIELDS = ['id', 'submit_date', 'comments', 'title', 'user', 'src', 'href', 'digg_count'] as const;
const COMMENT_FIELDS = ['date', 'id', 'story', 'up', 'down', 'replies', 'replyto', 'user', 'content', 'level', 'root'] as const;

export function photoItem(photo: PhotoRecord): Record<string, unknown> {
  return { pk: itemKey('photo', photo.id), kind: 'photo', date_id: dateId(photo.submit_date, photo.id), ...photo };
}

export function commentItem(comment: CommentRecord): Record<string, unknown> {
  return {
    pk: itemKey('comment', comment.id),
    kind: 'comment',
    date_id: dateId(comment.date, comment.id),
    photo_key: itemKey('photo', comment.story),
    ...(comment.replyto === null ? {} : { parent_key: itemKey('comment', comment.replyto) }),
    ...comment,
  };
}

function pick<T>(item: Record<string, unknown>, fields: readonly string[]): T {
  return Object.fromEntries(fields.map((field) => [field, item[field]])) as T;
}

export const photoOf = (item: Record<string, unknown>): PhotoRecord => pick(item, PHOTO_FIELDS);
export const commentOf = (item: Record<string, unknown>): CommentRecord => pick(item, COMMENT_FIELDS);
