/**
 * What of a hostile request an answer must not tell back, and the text an answer may hold
 * whatever the input (a hostile string inside it proves nothing).
 */
import { CONTAINERS } from '../../../lib/catalog/containers';
import { config } from '../../../lib/config';
import { CONTENT_TYPE } from '../expect-error';
import { APP_KEY } from '../invoke';
import { decodeSegment, once, queryOf, type WireRequest } from './requests';
import { CATALOGUE_BY_CODE, GALLERY_ARGUMENTS, INTEGER_BOUNDS, LIST_DETAIL, WINDOW_ORDER_DETAIL, WINDOW_WIDTH_DETAIL } from './rules';

const LEGITIMATE_TEXT: string[] = [
  ...[...CATALOGUE_BY_CODE.values()].flatMap((message) => [message, JSON.stringify(message)]),
  ...CONTAINERS.flatMap((c) => [c.name, c.short_name, ...c.topics.flatMap((t) => [t.name, t.short_name])]),
  ...['Error', 'Errors', 'Container', 'Containers', 'Topic', 'ShortURL', 'ShortURLs'].map((name) => config.phpClassPrefix + name),
  ...['Gallery', 'GalleryPhoto', 'User', 'Events', 'Comment'].map((name) => config.phpClassPrefix + name),
  // The gallery's argument and path names, and the bounds its errors name.
  ...GALLERY_ARGUMENTS,
  'list',
  'comment_id',
  'galleryphotos',
  'galleryphoto',
  'comments',
  'replies',
  // The short URL lookup's path parameter, named when its escapes are not UTF-8.
  'short_url',
  LIST_DETAIL,
  WINDOW_ORDER_DETAIL(0).slice(0, -2),
  WINDOW_WIDTH_DETAIL,
  ...Object.entries(INTEGER_BOUNDS).flatMap(([name, { min, max }]) => [`${name} (minimum ${min})`, `${name} (maximum ${max})`]),
  APP_KEY,
  // What the headers carry whatever the input (docs/api.md, Headers).
  ...Object.values(CONTENT_TYPE),
  'text/html; charset=utf-8',
  'nosniff',
  'no-store',
  'public, max-age=300',
  'Accept',
];

/** Text the tests stored themselves (a short URL's link and short_url), which answers carry by design. */
export const addLegitimate = (...texts: string[]): void => {
  LEGITIMATE_TEXT.push(...texts);
  known.clear();
};

/** Each text's verdict, kept until the list grows: every request asks again for its app key, type and path. */
const known = new Map<string, boolean>();

export function isLegitimate(text: string): boolean {
  let legitimate = known.get(text);
  if (legitimate === undefined) {
    legitimate = /^-?[0-9]+$/.test(text) || LEGITIMATE_TEXT.some((allowed) => allowed.includes(text));
    known.set(text, legitimate);
  }
  return legitimate;
}

const inputTexts = once((request) => {
  const query = queryOf(request);
  const texts = [
    ...query.keys(),
    ...query.values(),
    ...request.query,
    ...request.path.split('/').flatMap((segment) => [segment, decodeSegment(segment)]),
    request.accept ?? '',
    request.host ?? '',
  ];
  return [...new Set(texts)].filter((text) => text.length > 3);
});

/** Every input string a body must not echo: names, values, path segments, the Accept header. */
export const hostileInputs = (request: WireRequest): string[] => inputTexts(request).filter((text) => !isLegitimate(text));
