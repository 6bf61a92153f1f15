/** The oracle, from docs/api.md's rules: a request's type and the answers it may get, so that no wrong answer passes as "no 5xx". */
import type { CommentRecord, PhotoRecord } from '../../../lib/gallery/store';
import type { ResponseType } from '../expect-error';
import { THIRTY_DAYS } from '../gallery-fixtures';
import { SORT_VALUES, type SortValue } from '../gallery-order';
import { escapesAreUtf8, queryOf, rawArgument, type Route, routeOf, type WireRequest } from './requests';
import * as R from './rules';
import { COMMENTS, isSeedId, PHOTOS } from './seeds';
import { isValidTestKey, linkOf, type StoredShortUrl, spellsShortUrl, STORED } from './short-urls';

export type GalleryArgs = Readonly<{ min?: number; max?: number; sort: SortValue; count: number; offset: number }>;
/** What the path names: its id list, photo id and comment id (0 when it has none). */
export type PathIds = Readonly<{ endpoint: R.GalleryEndpoint; ids: readonly number[]; id: number; commentId: number }>;
/** A gallery or events wrapper as the rules select it; `candidates`: every record the path names, when all its ids are seeded. */
export type ListingOutcome = PathIds &
  Readonly<{ kind: 'listing'; args: GalleryArgs; candidates?: ReadonlyArray<PhotoRecord | CommentRecord> }>;
export type Outcome =
  | { readonly kind: 'alert'; readonly code: 1002 | 1003 }
  /** `details`: the allowed texts after `message: `, null for the bare catalogue message. */
  | { readonly kind: 'error'; readonly code: number; readonly details: ReadonlyArray<string | null> }
  /** `only`: the one code or container short name asked for by path. */
  | { readonly kind: 'errors' | 'containers'; readonly only?: string }
  /** The list of the one record of `link` (with its short_url and itemid when known). */
  | { readonly kind: 'shorturls'; readonly link: string; readonly short_url?: string; readonly itemid?: number }
  | ListingOutcome;

const failure = (code: number, details: ReadonlyArray<string | null> = [null]): Outcome => ({ kind: 'error', code, details });
const found = ({ link, short_url, itemid }: StoredShortUrl): Outcome => ({ kind: 'shorturls', link, short_url, itemid });

/** 1001 names the argument when its name cannot carry markup (docs/api.md, Arguments every endpoint takes). */
export const unknownArgument = (name: string): Outcome =>
  failure(1001, !R.SAFE_NAME.test(name) ? [null] : name.length <= 64 ? [name] : [name, null]);

/** Integers: plain decimal in the safe range (and -0 is 0); undefined for anything else. */
function decimal(raw: string): number | undefined {
  const value = /^-?[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(value) ? value + 0 : undefined;
}

/** The gallery arguments in their declared order: the first bad one is the answer. */
function galleryArguments(query: URLSearchParams): GalleryArgs | Outcome {
  const values: Record<string, number | string | undefined> = {};
  for (const name of R.GALLERY_ARGUMENTS) {
    const raw = query.get(name);
    if (name === 'sort') {
      if (raw !== null && !(SORT_VALUES as readonly string[]).includes(raw)) return failure(1017, ['sort', null]);
      values.sort = raw ?? 'submit_date-desc';
      continue;
    }
    const bounds = R.INTEGER_BOUNDS[name];
    const value = raw === null ? bounds.fallback : decimal(raw);
    if (value === undefined && raw !== null) return failure(1026, [name]);
    if (value !== undefined && value < bounds.min) return failure(1006, [`${name} (minimum ${bounds.min})`]);
    if (value !== undefined && value > (bounds.max ?? value)) return failure(1007, [`${name} (maximum ${bounds.max})`]);
    values[name] = value;
  }
  const { min_submit_date: min, max_submit_date: max, sort, count, offset } = values;
  return { min, max, sort, count, offset } as GalleryArgs;
}

/** `{list}`: a bad element is 1026, more than 100 distinct ids 1007 (either when both); `{id}`, `{comment_id}` positive. */
function pathIds({ endpoint, params }: Route): PathIds | Outcome[] {
  let ids: number[] = [];
  if (params.list !== undefined) {
    const elements = params.list.split(',').map(decimal);
    ids = [...new Set(elements.filter((id): id is number => id !== undefined && id >= 1))];
    const tooMany = ids.length > 100 ? [failure(1007, [R.LIST_DETAIL])] : [];
    if (elements.some((id) => id === undefined || id < 1)) return [failure(1026, ['list']), ...tooMany];
    if (tooMany.length > 0) return tooMany;
  }
  // The photo's id first, then the comment's (the handlers read them in that order).
  const [id, commentId] = [params.id, params.comment_id].map((raw) => (raw === undefined ? 0 : (decimal(raw) ?? 0)));
  if (params.id !== undefined && !(id! >= 1)) return [failure(1026, ['id'])];
  if (params.comment_id !== undefined && !(commentId! >= 1)) return [failure(1026, ['comment_id'])];
  return { endpoint: endpoint!, ids, id: id!, commentId: commentId! };
}

/** Whether the path names `record` (docs/api.md, Endpoints); the listing check holds every entry to it too. */
export function pathNames({ endpoint, ids, id, commentId }: PathIds, record: object): boolean {
  const r = record as Partial<CommentRecord> & { id: number };
  return {
    photos: true,
    comments: true,
    photosByIds: ids.includes(r.id),
    photo: r.id === id,
    photosComments: ids.includes(r.story!),
    photoComments: r.story === id && r.level === 0,
    comment: r.id === commentId && r.story === id,
    replies: r.replyto === commentId && r.story === id,
  }[endpoint];
}

const photoExists = (id: number): boolean | undefined => (isSeedId(id) ? PHOTOS.some((p) => p.id === id) : undefined);
/** Whether what the path names exists (404 otherwise; unknown ids of a photo list are left out); undefined: other tests' data decide. */
function pathFound({ endpoint, ids, id, commentId }: PathIds): boolean | undefined {
  const photos = endpoint === 'photosComments' ? ids : ['photo', 'photoComments', 'comment', 'replies'].includes(endpoint) ? [id] : [];
  const known = photos.map(photoExists);
  if (known.includes(false)) return false;
  if (endpoint === 'comment' || endpoint === 'replies')
    return isSeedId(commentId) ? COMMENTS.some((c) => c.id === commentId && c.story === id) : undefined;
  return known.includes(undefined) ? undefined : true;
}

/** A gallery request past the app key: its arguments, the path's ids, then the window (before any read), then what the path names. */
function galleryOutcomes(route: Route, query: URLSearchParams): Outcome[] {
  const args = galleryArguments(query);
  if ('kind' in args) return [args];
  const path = pathIds(route);
  if (Array.isArray(path)) return path;
  const { min, max } = args;
  if (min !== undefined && max !== undefined && max < min) return [failure(1006, [R.WINDOW_ORDER_DETAIL(min)])];
  if (min !== undefined && max !== undefined && R.WINDOWED.has(path.endpoint) && max - min > THIRTY_DAYS)
    return [failure(1020, [R.WINDOW_WIDTH_DETAIL, null])];
  const seeded = !R.WINDOWED.has(path.endpoint) && [...path.ids, path.id, path.commentId].every((id) => id === 0 || isSeedId(id));
  const records = R.COMMENT_LISTS.has(path.endpoint) ? COMMENTS : PHOTOS;
  const candidates = seeded ? records.filter((record) => pathNames(path, record)) : undefined;
  const listing: Outcome = { kind: 'listing', ...path, args, ...(candidates ? { candidates } : {}) };
  const exists = pathFound(path);
  return exists === false ? [failure(404)] : exists ? [listing] : [listing, failure(404)];
}

/** The type the response must be in; undefined when only a hostile Accept header decides. */
export function expectedType(request: WireRequest): ResponseType | undefined {
  const asked = queryOf(request).get('type');
  if (asked !== null) return R.TYPE_VALUE.test(asked) ? (asked.toLowerCase() as ResponseType) : 'xml';
  return request.accept === undefined ? 'xml' : request.acceptType;
}

function endpointOutcomes(route: Route, query: URLSearchParams, request: WireRequest): Outcome[] {
  const own: readonly string[] = route.kind === 'create' ? ['url'] : route.kind === 'gallery' ? R.GALLERY_ARGUMENTS : [];
  const unknown = [...query.keys()].find((name) => !R.COMMON_ARGUMENTS.has(name) && !own.includes(name));
  if (unknown !== undefined) return [unknownArgument(unknown)];
  switch (route.kind) {
    case 'error': {
      const segment = route.params.segment!;
      // Only the plain decimal form of a catalogue code names it.
      const known = R.CATALOGUE_BY_CODE.has(Number(segment)) && String(Number(segment)) === segment;
      return [known ? { kind: 'errors', only: segment } : failure(1025)];
    }
    case 'container':
      return [R.CONTAINER_NAMES.includes(route.params.segment!) ? { kind: 'containers', only: route.params.segment } : failure(1014)];
    case 'create': {
      if (!escapesAreUtf8(rawArgument(request, 'url') ?? '')) return [failure(1016, ['url'])];
      const { link, refusable } = linkOf(query.get('url'));
      return [...(refusable ? [failure(1016, [null, 'url'])] : []), ...(link === undefined ? [] : [{ kind: 'shorturls' as const, link }])];
    }
    case 'lookup': {
      if (!route.utf8) return [failure(1016, ['short_url'])];
      // The bare code or the whole short URL; another spelling of it may be found or 404; anything else is 404.
      const segment = route.params.segment!;
      const named = STORED.find((stored) => segment === stored.code || segment === stored.short_url);
      if (named) return [found(named)];
      const spelled = STORED.find((stored) => spellsShortUrl(segment, stored.code));
      return spelled ? [failure(404), found(spelled)] : [failure(404)];
    }
    case 'gallery':
      return galleryOutcomes(route, query);
    default:
      return [{ kind: route.kind as 'errors' | 'containers' }];
  }
}

/** What a request may answer in `type`. A hostile app key may be a valid absolute URI: 1028 or what a valid key gets. */
export function expectedOutcomes(request: WireRequest, type: ResponseType): Outcome[] {
  const query = queryOf(request);
  const asked = query.get('type');
  if (asked !== null && !R.TYPE_VALUE.test(asked)) return [failure(1001, ['type'])];
  if (type === 'javascript') {
    const callback = query.get('callback') ?? '';
    if (callback === '' || !R.isCallable(callback)) return [{ kind: 'alert', code: callback === '' ? 1002 : 1003 }];
  }
  const route = routeOf(request);
  if (route.kind === 'unknown') return [failure(404)];
  const key = query.get('appkey') ?? '';
  if (key === '') return [failure(1005)];
  // Escapes that are not UTF-8 would read as U+FFFD: the key is refused, whatever else holds.
  if (!escapesAreUtf8(rawArgument(request, 'appkey') ?? '')) return [failure(1028)];
  const downstream = endpointOutcomes(route, query, request);
  return isValidTestKey(key) ? downstream : [failure(1028), ...downstream];
}
