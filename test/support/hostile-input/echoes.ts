/** What of a hostile request an answer must not tell back, and the text it may hold whatever the input. */
import { CONTAINERS } from '../../../lib/catalog/containers';
import { config } from '../../../lib/config';
import { CONTENT_TYPE } from '../expect-error';
import { APP_KEY } from '../invoke';
import { decodeSegment, once, queryOf, type WireRequest } from './requests';
import { CATALOGUE_BY_CODE, GALLERY_ARGUMENTS, INTEGER_BOUNDS, LIST_DETAIL, WINDOW_ORDER_DETAIL, WINDOW_WIDTH_DETAIL } from './rules';
import { words } from './strings';

const LEGITIMATE_TEXT: string[] = [
  ...[...CATALOGUE_BY_CODE.values()].flatMap((message) => [message, JSON.stringify(message)]),
  ...CONTAINERS.flatMap((c) => [c.name, c.short_name, ...c.topics.flatMap((t) => [t.name, t.short_name])]),
  ...words('Error Errors Container Containers Topic ShortURL ShortURLs Gallery GalleryPhoto User Events Comment').map(
    (name) => config.phpClassPrefix + name,
  ),
  // The gallery's argument, path and parameter names (the lookup's named when its escapes are not UTF-8), and its bounds.
  ...GALLERY_ARGUMENTS,
  ...words('list comment_id galleryphotos galleryphoto comments replies short_url'),
  LIST_DETAIL,
  WINDOW_ORDER_DETAIL(0).slice(0, -2),
  WINDOW_WIDTH_DETAIL,
  ...Object.entries(INTEGER_BOUNDS).flatMap(([name, { min, max }]) => [`${name} (minimum ${min})`, `${name} (maximum ${max})`]),
  APP_KEY,
  // What the headers carry whatever the input (docs/api.md, Headers).
  ...Object.values(CONTENT_TYPE),
  ...['text/html; charset=utf-8', 'nosniff', 'no-store', 'public, max-age=300', 'Accept'],
];
/** Each text's verdict, kept until the list grows: every request asks again for its app key, type and path. */
const known = new Map<string, boolean>();

/** Text the tests stored themselves (a short URL's link and short_url), which answers carry by design. */
export const addLegitimate = (...texts: string[]): void => {
  LEGITIMATE_TEXT.push(...texts);
  known.clear();
};

export function isLegitimate(text: string): boolean {
  if (!known.has(text)) known.set(text, /^-?[0-9]+$/.test(text) || LEGITIMATE_TEXT.some((allowed) => allowed.includes(text)));
  return known.get(text)!;
}

const inputTexts = once((request) => {
  const query = queryOf(request);
  const segments = request.path.split('/').flatMap((segment) => [segment, decodeSegment(segment)]);
  const texts = [...query.keys(), ...query.values(), ...request.query, ...segments, request.accept ?? '', request.host ?? ''];
  return [...new Set(texts)].filter((text) => text.length > 3);
});
/** Every input string a body must not echo: names, values, path segments, the Accept and Host headers. */
export const hostileInputs = (request: WireRequest): string[] => inputTexts(request).filter((text) => !isLegitimate(text));

/** Only the headers an answer may carry, each printable ASCII (no CR, LF or NUL), none holding a hostile input. */
export function checkHeaders(headers: Readonly<Record<string, string>>, allowed: ReadonlySet<string>, hostile: readonly string[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!allowed.has(name)) throw new Error(`unexpected header ${name}: ${JSON.stringify(value).slice(0, 200)}`);
    if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`header ${name} holds ${JSON.stringify(value).slice(0, 200)}`);
    const echoed = hostile.find((text) => value.includes(text));
    if (echoed !== undefined) throw new Error(`input ${JSON.stringify(echoed).slice(0, 100)} echoed in header ${name}`);
  }
}
