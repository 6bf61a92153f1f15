/** The rules of docs/api.md written out here (or in the shared test modules), not imported from lib/: a change there fails the tests. */
import { CATALOGUE } from '../expect-error';
import { words } from './strings';

export const CATALOGUE_BY_CODE = new Map<number, string>(CATALOGUE);
export const TYPE_VALUE = /^(xml|json|javascript|php)$/i;
/** The containers' short names, in listing order (docs/api.md, Containers). */
export const CONTAINER_NAMES = words('technology world_business science gaming lifestyle entertainment sports offbeat');
/** docs/api.md, Arguments every endpoint takes: `callback`. */
export const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
export const COMMON_ARGUMENTS = new Set(['appkey', 'type', 'callback']);
/**
 * Names the callback pattern admits that no page can define as a function (`/**\/while({...});` loops forever,
 * `if`/`typeof`/`void` drop the object, `throw` throws it, the rest are errors): only the 1003 alert answers them.
 */
export const UNCALLABLE = new Set(
  words(`break case catch class const continue debugger default delete do else enum export extends false finally for
    function if import in instanceof new null return super switch this throw true try typeof var void while with
    yield let static implements interface package private protected public await undefined NaN Infinity`),
);
export const isCallable = (callback: string): boolean =>
  callback.length <= 128 && CALLBACK.test(callback) && !UNCALLABLE.has(callback.split('.')[0]!);

/** A detail after the catalogue message: an argument name, optionally with its bound. */
export const SAFE_DETAIL = /^[A-Za-z0-9_.-]+( \(.*\))?$/;
export const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

// The gallery (docs/api.md, The gallery's arguments): its arguments in the order an endpoint checks them.
export const GALLERY_ARGUMENTS = ['min_submit_date', 'max_submit_date', 'sort', 'count', 'offset'] as const;
export type GalleryArgument = (typeof GALLERY_ARGUMENTS)[number];
/** The largest date the arguments take (epoch seconds of at most 11 digits). */
export const MAX_DATE = 99_999_999_999;
export const INTEGER_BOUNDS: Readonly<Record<Exclude<GalleryArgument, 'sort'>, { min: number; max?: number; fallback?: number }>> = {
  min_submit_date: { min: 0, max: MAX_DATE },
  max_submit_date: { min: 0, max: MAX_DATE },
  count: { min: 1, max: 100, fallback: 10 },
  offset: { min: 0, fallback: 0 },
};
/** The details the gallery's errors carry besides an argument's name. */
export const LIST_DETAIL = 'list (at most 100 ids)';
export const WINDOW_ORDER_DETAIL = (min: number): string => `max_submit_date (minimum min_submit_date, ${min})`;
export const WINDOW_WIDTH_DETAIL = 'max_submit_date (at most 30 days after min_submit_date)';
export type GalleryEndpoint = 'photos' | 'photosByIds' | 'photo' | 'comments' | 'photosComments' | 'photoComments' | 'comment' | 'replies';
/** Without ids the window is at most 30 days. */
export const WINDOWED: ReadonlySet<GalleryEndpoint> = new Set(['photos', 'comments']);
/** The endpoints answering the events wrapper (docs/api.md, Bodies); the rest the gallery wrapper. */
export const COMMENT_LISTS: ReadonlySet<GalleryEndpoint> = new Set(['comments', 'photosComments', 'photoComments', 'comment', 'replies']);

/** The headers an API answer may carry, and the short-link host's (docs/api.md, Headers). */
export const API_HEADERS: ReadonlySet<string> = new Set(
  words('content-type x-content-type-options access-control-allow-origin vary cache-control deprecation sunset link retry-after'),
);
export const SHORT_LINK_HEADERS: ReadonlySet<string> = new Set(
  words('content-type x-content-type-options cache-control location retry-after deprecation'),
);
