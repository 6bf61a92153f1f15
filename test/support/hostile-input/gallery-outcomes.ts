/**
 * The gallery's part of the oracle (docs/api.md, The gallery's arguments). Past the app key and the
 * unknown argument names (1001): the endpoint's arguments in their declared order (min_submit_date,
 * max_submit_date, sort, count, offset: 1026, 1006, 1007, 1017), then the path's ids (1026, 1007
 * for more than 100), then the date window (1006, 1020), then the photo or comment (404); anything
 * else is the gallery or events wrapper, which must hold exactly what the date rules, the sort,
 * count and offset select (listing-check.ts).
 */
import type { CommentRecord, PhotoRecord } from '../../../lib/gallery/store';
import { THIRTY_DAYS } from '../gallery-fixtures';
import { SORT_VALUES, type SortValue } from '../gallery-order';
import { decimal, failure, type GalleryArgs, type Outcome } from './outcomes';
import type { Route } from './requests';
import { COMMENTS, isSeedId, photoExists, PHOTOS } from './seeds';
import {
  GALLERY_ARGUMENTS,
  type GalleryArgument,
  type GalleryEndpoint,
  INTEGER_BOUNDS,
  LIST_DETAIL,
  WINDOW_ORDER_DETAIL,
  WINDOW_WIDTH_DETAIL,
  WINDOWED,
} from './rules';

/** The gallery arguments in their declared order: the first bad one is the answer. */
function galleryArguments(query: URLSearchParams): { readonly args: GalleryArgs } | { readonly error: Outcome } {
  const values: Partial<Record<GalleryArgument, number | string>> = {};
  for (const name of GALLERY_ARGUMENTS) {
    const raw = query.get(name);
    if (name === 'sort') {
      if (raw !== null && !(SORT_VALUES as readonly string[]).includes(raw)) return { error: failure(1017, ['sort', null]) };
      values.sort = raw ?? 'submit_date-desc';
      continue;
    }
    const bounds = INTEGER_BOUNDS[name];
    if (raw === null) {
      if (bounds.fallback !== undefined) values[name] = bounds.fallback;
      continue;
    }
    const value = decimal(raw);
    if (value === undefined) return { error: failure(1026, [name]) };
    if (value < bounds.min) return { error: failure(1006, [`${name} (minimum ${bounds.min})`]) };
    if (bounds.max !== undefined && value > bounds.max) return { error: failure(1007, [`${name} (maximum ${bounds.max})`]) };
    values[name] = value;
  }
  const { min_submit_date: min, max_submit_date: max, sort, count, offset } = values;
  return {
    args: {
      min: min as number | undefined,
      max: max as number | undefined,
      sort: sort as SortValue,
      count: count as number,
      offset: offset as number,
    },
  };
}

/** `{id}`, `{comment_id}`: a positive integer, else 1026 naming the parameter. */
function pathId(raw: string, name: string): number | Outcome {
  const id = decimal(raw);
  return id !== undefined && id >= 1 ? id : failure(1026, [name]);
}

/** `{list}`: a bad element is 1026, more than 100 distinct ids 1007 (either when both). */
function pathList(raw: string): number[] | Outcome[] {
  const elements = raw.split(',').map(decimal);
  const ids = [...new Set(elements.filter((id): id is number => id !== undefined && id >= 1))];
  const tooMany = ids.length > 100 ? [failure(1007, [LIST_DETAIL])] : [];
  if (elements.some((id) => id === undefined || id < 1)) return [failure(1026, ['list']), ...tooMany];
  return tooMany.length > 0 ? tooMany : ids;
}

function allOf(known: ReadonlyArray<boolean | undefined>): boolean | undefined {
  if (known.includes(false)) return false;
  return known.includes(undefined) ? undefined : true;
}

/** Whether what the path names exists (docs/api.md, Endpoints: 404 otherwise, but unknown ids of a photo list are left out). */
function galleryFound(endpoint: GalleryEndpoint, ids: readonly number[], id: number, commentId: number): boolean | undefined {
  switch (endpoint) {
    case 'photosComments':
      return allOf(ids.map(photoExists));
    case 'photo':
    case 'photoComments':
      return photoExists(id);
    case 'comment':
    case 'replies': {
      if (photoExists(id) === false) return false;
      if (!isSeedId(commentId)) return undefined;
      const comment = COMMENTS.find((c) => c.id === commentId);
      return comment !== undefined && comment.story === id;
    }
    default:
      return true;
  }
}

/** The records a path names when every id in it is seeded (else undefined: other tests' data may answer). */
function galleryCandidates(
  endpoint: GalleryEndpoint,
  ids: readonly number[],
  id: number,
  commentId: number,
): ReadonlyArray<PhotoRecord | CommentRecord> | undefined {
  const seeded = (...all: number[]) => all.every(isSeedId);
  switch (endpoint) {
    case 'photosByIds':
      return seeded(...ids) ? PHOTOS.filter((p) => ids.includes(p.id)) : undefined;
    case 'photo':
      return seeded(id) ? PHOTOS.filter((p) => p.id === id) : undefined;
    case 'photosComments':
      return seeded(...ids) ? COMMENTS.filter((c) => ids.includes(c.story)) : undefined;
    case 'photoComments':
      return seeded(id) ? COMMENTS.filter((c) => c.story === id && c.level === 0) : undefined;
    case 'comment':
      return seeded(id, commentId) ? COMMENTS.filter((c) => c.id === commentId && c.story === id) : undefined;
    case 'replies':
      return seeded(id, commentId) ? COMMENTS.filter((c) => c.replyto === commentId && c.story === id) : undefined;
    default:
      return undefined;
  }
}

/** The date window (docs/api.md, The gallery's arguments): `max` before `min` is 1006; wider than 30 days without ids is 1020. */
function windowFailure({ min, max }: GalleryArgs, windowed: boolean): Outcome | undefined {
  if (min === undefined || max === undefined) return undefined;
  if (max < min) return failure(1006, [WINDOW_ORDER_DETAIL(min)]);
  if (windowed && max - min > THIRTY_DAYS) return failure(1020, [WINDOW_WIDTH_DETAIL, null]);
  return undefined;
}

/**
 * A gallery request past the app key: its arguments, the path's ids, then the window (checked
 * before any read), then the photo or comment.
 */
export function galleryOutcomes(route: Extract<Route, { kind: 'gallery' }>, query: URLSearchParams): Outcome[] {
  const parsed = galleryArguments(query);
  if ('error' in parsed) return [parsed.error];
  const { endpoint, params } = route;
  let ids: readonly number[] = [];
  let id = 0;
  let commentId = 0;
  if (params.list !== undefined) {
    const list = pathList(params.list);
    if (typeof list[0] === 'object') return list as Outcome[];
    ids = list as number[];
  }
  // The photo's id first, then the comment's (the handlers read them in that order).
  if (params.id !== undefined) {
    const value = pathId(params.id, 'id');
    if (typeof value === 'object') return [value];
    id = value;
  }
  if (params.comment_id !== undefined) {
    const value = pathId(params.comment_id, 'comment_id');
    if (typeof value === 'object') return [value];
    commentId = value;
  }
  const found = galleryFound(endpoint, ids, id, commentId);
  const windowError = windowFailure(parsed.args, WINDOWED.has(endpoint));
  const candidates = galleryCandidates(endpoint, ids, id, commentId);
  const listing: Outcome = { kind: 'listing', endpoint, args: parsed.args, ids, id, commentId, ...(candidates ? { candidates } : {}) };
  if (windowError) return [windowError];
  if (found === false) return [failure(404)];
  return found === undefined ? [listing, failure(404)] : [listing];
}
