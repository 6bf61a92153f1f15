/**
 * Hostile input, property-based. Whatever a client puts in the path, in the query (names and
 * values) or in the Accept header, every route answers below 500, in the type its Content-Type
 * names, with a body that type's real parser accepts (saxes, JSON.parse, PHP's unserialize(), a
 * JavaScript engine), carrying a catalogue code, and reflecting nothing of the input except an
 * argument name that cannot carry markup or script (and, for /url/short/create, the link it was
 * asked to shorten, in its WHATWG serialisation). The short-link host answers hostile paths and
 * methods with its one 404 page, or a 301 for a stored code only.
 *
 * Each response is also held to an oracle written from the spec and decisions.md (which error, in
 * which type, with which status), so that "no 5xx" cannot be met by answering the wrong thing;
 * its headers are only those an answer may carry, in printable ASCII, holding nothing of the
 * input.
 *
 * The same requests also go as raw bytes over TCP to the local server that `npm start` runs,
 * with raw non-ASCII and control bytes, odd methods, hostile Host headers, absolute-form targets
 * and heads past Node's limit: Node's parser refuses some itself (400, 431), exactly the ones
 * parserVerdicts predicts; every other one gets the answer the oracle expects. Inputs ten to a
 * hundred times longer than API Gateway lets through are checked in-process.
 *
 * The eight gallery routes (spec 4.4) are held to the same oracle: unknown argument names first
 * (1001), then the endpoint's arguments in their declared order (min_submit_date,
 * max_submit_date, sort, count, offset: 1026, 1006, 1007, 1017), then the path's ids (1026, 1007
 * for more than 100), then the date window (1006, 1020), then the photo or comment (404); anything
 * else is the gallery or events wrapper, which must hold exactly what the date rules, the sort,
 * count and offset select. The file stores a few photos and comments of its own for that (ids
 * from SEED_BASE, dates in 2150, so that no other test's listings meet them) and removes them
 * afterwards.
 */
import { randomUUID } from 'node:crypto';
import { maxHeaderSize, METHODS } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import { startLocalServer, type LocalServer } from '../../infra/local/server';
import { CONTAINERS } from '../../lib/catalog/containers';
import { config } from '../../lib/config';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { APP_KEY, invoke, invokeShortLink, ROUTES, SHORT_LINK_ROUTES, type Invocation } from '../support/invoke';
import { CONTENT_TYPE, SPEC_CATALOGUE, type ResponseType } from '../support/expect-error';
import { GalleryData } from '../support/gallery-fixtures';
import { parseXml, runScript, unserializeAll, XML_DECLARATION, type XmlElement } from '../support/parsers';
import { SHORT_URL_HOST } from '../support/short-url-host';

// ---------------------------------------------------------------------------------------------
// What the spec and decisions.md say.

const CATALOGUE = new Map<number, string>(SPEC_CATALOGUE);

/** decisions.md, "Status per code". */
const NOT_FOUND_CODES = new Set([404, 1008, 1011, 1014, 1021, 1025]);
const statusFor = (code: number): number => (NOT_FOUND_CODES.has(code) ? 404 : code === 500 ? 500 : 403);

type Kind = ResponseType;
const CONTENT_TYPES = CONTENT_TYPE;
const KINDS = Object.keys(CONTENT_TYPES) as Kind[];
const TYPE_VALUE = /^(xml|json|javascript|php)$/i;

/** Spec section 2.3, in listing order. */
const CONTAINER_NAMES = ['technology', 'world_business', 'science', 'gaming', 'lifestyle', 'entertainment', 'sports', 'offbeat'];

/** decisions.md, `callback`. */
const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const COMMON_ARGUMENTS = new Set(['appkey', 'type', 'callback']);

/**
 * Names the decisions' callback pattern admits but that no page can define as a function:
 * `/**\/while({...});` never calls anything (it loops forever), `if`/`typeof`/`void` evaluate and
 * drop the object, `throw` throws it, `import(...)` fetches a module, the rest are syntax or type
 * errors. Such a callback can only be answered with the 1003 alert.
 */
const UNCALLABLE = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    // Reserved in strict code and modules, where a page's scripts may run.
    'yield let static implements interface package private protected public await ' +
    'undefined NaN Infinity'
  ).split(' '),
);

const isCallable = (callback: string): boolean =>
  callback.length <= 128 && CALLBACK.test(callback) && !UNCALLABLE.has(callback.split('.')[0]!);

// ---------------------------------------------------------------------------------------------
// The gallery (spec 4.4; decisions.md, Requests and Gallery).

/** The gallery arguments, in the order an endpoint checks them. */
const GALLERY_ARGUMENTS = ['min_submit_date', 'max_submit_date', 'sort', 'count', 'offset'] as const;
type GalleryArgument = (typeof GALLERY_ARGUMENTS)[number];
const SORTS = ['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc'];
/** The largest date the arguments take (epoch seconds of at most 11 digits). */
const MAX_DATE = 99_999_999_999;
const DAY = 86_400;
const THIRTY_DAYS = 30 * DAY;
const INTEGER_BOUNDS: Readonly<Record<Exclude<GalleryArgument, 'sort'>, { min: number; max?: number; fallback?: number }>> = {
  min_submit_date: { min: 0, max: MAX_DATE },
  max_submit_date: { min: 0, max: MAX_DATE },
  count: { min: 1, max: 100, fallback: 10 },
  offset: { min: 0, fallback: 0 },
};
/** The details the gallery's errors carry besides an argument's name: its bound. */
const LIST_DETAIL = 'list (at most 100 ids)';
const WINDOW_ORDER_DETAIL = (min: number): string => `max_submit_date (minimum min_submit_date, ${min})`;
const WINDOW_WIDTH_DETAIL = 'max_submit_date (at most 30 days after min_submit_date)';

type GalleryEndpoint = 'photos' | 'photosByIds' | 'photo' | 'comments' | 'photosComments' | 'photoComments' | 'comment' | 'replies';

/** template.yaml's gallery routes, the literal one before the one it shadows (API Gateway's choice). */
const GALLERY_ROUTES: ReadonlyArray<readonly [string, GalleryEndpoint]> = [
  ['/galleryphotos', 'photos'],
  ['/galleryphotos/comments', 'comments'],
  ['/galleryphotos/{list}', 'photosByIds'],
  ['/galleryphotos/{list}/comments', 'photosComments'],
  ['/galleryphoto/{id}', 'photo'],
  ['/galleryphoto/{id}/comments', 'photoComments'],
  ['/galleryphoto/{id}/comment/{comment_id}', 'comment'],
  ['/galleryphoto/{id}/comment/{comment_id}/replies', 'replies'],
];
/** Without ids the window is at most 30 days (spec 4.4, date-range rules 2 to 5). */
const WINDOWED: ReadonlySet<GalleryEndpoint> = new Set(['photos', 'comments']);
/** The endpoints answering the events wrapper (decisions.md, Comment lists); the rest the gallery wrapper. */
const COMMENT_LISTS: ReadonlySet<GalleryEndpoint> = new Set(['comments', 'photosComments', 'photoComments', 'comment', 'replies']);

/** The gallery data of this file: ids in a range of its own (other tests draw theirs below 2^47 + 10^12), dates in 2150. */
const SEED_BASE = 7_031_000_000_000_000;
const isSeedId = (id: number): boolean => id > SEED_BASE && id < SEED_BASE + 10_000;
const BASE_DATE = 5_700_000_000;

function seedPhoto(n: number, day: number, digg_count: number, comments: number): PhotoRecord {
  return {
    id: SEED_BASE + n,
    submit_date: BASE_DATE + day * DAY + n,
    comments,
    title: `Seeded photo ${n}: <b>bold</b> & "quoted" 'too' ]]> café 😀 \u2028 end`,
    user: {
      name: `seed<user>${n}`,
      icon: `http://img.hostile.test/u/${n}.png?a=1&b=<2>`,
      registered: 1_200_000_000 + n,
      profileviews: 7 * n,
    },
    src: `http://img.hostile.test/p/${n}_t.jpg?x="${n}"`,
    href: `http://news.hostile.test/gallery/${n}?a=1&b=2`,
    digg_count,
  };
}

function seedComment(n: number, story: PhotoRecord, day: number, up: number, parent?: CommentRecord, replies = 0): CommentRecord {
  return {
    date: BASE_DATE + day * DAY + n,
    id: SEED_BASE + n,
    story: story.id,
    up,
    down: n % 3,
    replies,
    replyto: parent?.id ?? null,
    user: `seed&commenter${n}`,
    content: `Seeded comment ${n} <i>x</i> & "q" \u2029 ñ ]]> end`,
    level: parent === undefined ? 0 : parent.level + 1,
    root: parent === undefined ? SEED_BASE + n : parent.root,
  };
}

/** Distinct dates and digg counts (up votes): every sort has one right order. P5 and P6 lie more than 30 days after P1. */
const P1 = seedPhoto(1, 0, 40, 5);
const P2 = seedPhoto(2, 2, 75, 1);
const P3 = seedPhoto(3, 5, 5, 0);
const P4 = seedPhoto(4, 20, 60, 1);
const P5 = seedPhoto(5, 40, 12, 0);
const P6 = seedPhoto(6, 41, 90, 1);
/**
 * A crowd of 150 photos on one day, with digg counts that tie, so that offsets land deep inside
 * a day and every read path of a page runs: down the counters, merges read from either end,
 * days that a window cuts.
 */
const CROWD = Array.from({ length: 150 }, (_, i) => seedPhoto(3_000 + i, 10, i % 4, 0));
const PHOTOS: readonly PhotoRecord[] = [P1, P2, P3, P4, P5, P6, ...CROWD];
/** The ids paths name: the six photos with their threads, and two of the crowd. */
const PATH_PHOTO_IDS = [P1, P2, P3, P4, P5, P6, CROWD[0]!, CROWD[149]!].map((p) => p.id);
const C101 = seedComment(101, P1, 1, 3, undefined, 2);
const C102 = seedComment(102, P1, 3, 9);
const C103 = seedComment(103, P1, 4, 1, C101, 1);
const C104 = seedComment(104, P1, 6, 7, C101);
const C105 = seedComment(105, P1, 35, 5, C103);
const C106 = seedComment(106, P2, 2, 2);
const C107 = seedComment(107, P4, 21, 4);
const C108 = seedComment(108, P6, 45, 8);
const COMMENTS: readonly CommentRecord[] = [C101, C102, C103, C104, C105, C106, C107, C108];
/** A valid request path of each gallery route, naming seeded records. */
const GALLERY_PATHS = [
  '/galleryphotos',
  '/galleryphotos/comments',
  `/galleryphotos/${P1.id},${P2.id},${P5.id}`,
  `/galleryphotos/${P1.id},${P2.id}/comments`,
  `/galleryphoto/${P1.id}`,
  `/galleryphoto/${P1.id}/comments`,
  `/galleryphoto/${P1.id}/comment/${C101.id}`,
  `/galleryphoto/${P1.id}/comment/${C101.id}/replies`,
];
/** Ids in the seeded range that name nothing. */
const ABSENT_PHOTO = SEED_BASE + 50;
const ABSENT_COMMENT = SEED_BASE + 150;
const absentIds = (n: number): number[] => Array.from({ length: n }, (_, i) => SEED_BASE + 1_000 + i);

/** A photo as every type shows it (no digg count), a comment as it is: the entries' common form. */
const photoEntry = ({ digg_count: _, ...photo }: PhotoRecord): Entry => ({ ...photo, user: { ...photo.user } });
const SEEDED_ENTRIES = new Map<number, string>([
  ...PHOTOS.map((p) => [p.id, JSON.stringify(photoEntry(p))] as const),
  ...COMMENTS.map((c) => [c.id, JSON.stringify({ ...c })] as const),
]);
const SEEDED_RANK = new Map<number, number>([
  ...PHOTOS.map((p) => [p.id, p.digg_count] as const),
  ...COMMENTS.map((c) => [c.id, c.up] as const),
]);

/** The seeds, written through the importer and removed with their counters. */
const seeds = new GalleryData();
seeds.photos.push(...PHOTOS.map((photo) => ({ ...photo, user: { ...photo.user } })));
seeds.comments.push(...COMMENTS.map((comment) => ({ ...comment })));
const storeSeeds = (): Promise<unknown> => seeds.save();
const removeSeeds = (): Promise<void> => seeds.remove();

/** A detail after the catalogue message: an argument name, optionally with its bound. */
const SAFE_DETAIL = /^[A-Za-z0-9_.-]+( \(.*\))?$/;
const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

/** Text a body may legitimately hold whatever the input: a hostile string inside it proves nothing. */
const LEGITIMATE_TEXT: string[] = [
  ...[...CATALOGUE.values()].flatMap((message) => [message, JSON.stringify(message)]),
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
  // What the headers carry whatever the input (decisions.md, Responses).
  ...Object.values(CONTENT_TYPES),
  'text/html; charset=utf-8',
  'nosniff',
  'no-store',
  'public, max-age=300',
  'Accept',
];

// ---------------------------------------------------------------------------------------------
// Short URLs (decisions.md, Short URLs).

const SHORT_ORIGIN = new URL(SHORT_URL_HOST);
const SHORT_URL = new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`);
const MAX_LINK = 2048;

/** A short URL made before the properties run; the lookup and short-link properties name them. */
interface StoredShortUrl {
  readonly code: string;
  readonly link: string;
  readonly short_url: string;
  readonly itemid: number;
}
/** Looked up by the API properties. */
const STORED: StoredShortUrl[] = [];
/** Followed on the short-link host (their view counts are checked afterwards). */
const VISITED: StoredShortUrl[] = [];

/**
 * App keys the create property sends, one per request so that its creations never meet the
 * per-key rate limit: valid keys (absolute URIs, not on example.com) by decisions.md.
 */
const TEST_KEY = /^http:\/\/k-[0-9a-f-]{36}\.hostile\.app\/$/;
const isValidTestKey = (key: string): boolean => key === APP_KEY || TEST_KEY.test(key);

/**
 * decisions.md, `url`: what creating `raw` may answer. `link` is the normalised link, undefined
 * when it can only be error 1016; `refusable` when 1016 is fair too: the short host's name on
 * another port ("the short host itself" need not mean its port as well).
 */
function linkOf(raw: string | null): { readonly link?: string; readonly refusable: boolean } {
  const refused = { refusable: true };
  if (raw === null || raw === '' || raw.length > MAX_LINK) return refused;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return refused;
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  if (!http || url.username !== '' || url.password !== '' || url.host === SHORT_ORIGIN.host || url.href.length > MAX_LINK) return refused;
  const hostname = (u: URL): string => u.hostname.replace(/\.$/, '');
  // This machine on the short host's port, by any address that is not a public name, may be it.
  const maybeLocal = url.port === SHORT_ORIGIN.port && (/^[\d.]+$|^\[/.test(url.hostname) || /localhost$/i.test(hostname(url)));
  return { link: url.href, refusable: hostname(url) === hostname(SHORT_ORIGIN) || maybeLocal };
}

/** Whether the bytes a raw URL component spells (its %XX escapes, and its other characters in UTF-8) are UTF-8. */
function escapesAreUtf8(raw: string): boolean {
  const bytes = raw
    .split(/(%[0-9A-Fa-f]{2})/)
    .flatMap((part) => (/^%[0-9A-Fa-f]{2}$/.test(part) ? [parseInt(part.slice(1), 16)] : [...Buffer.from(part, 'utf8')]));
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
    return true;
  } catch {
    return false;
  }
}

/** The raw value of the first query argument named `name`, as the wire carries it. */
function rawArgument(request: WireRequest, name: string): string | undefined {
  for (const piece of request.query) {
    const [rawName = '', ...rest] = piece.split('=');
    if (new URLSearchParams(`${rawName}=`).keys().next().value === name) return rest.join('=').replace(/\+/g, ' ');
  }
  return undefined;
}

/** Another spelling of a stored short URL (scheme case, https, dot segments): found or 404, either is fair. */
function spellsShortUrl(segment: string, code: string): boolean {
  let url: URL;
  try {
    url = new URL(segment);
  } catch {
    return false;
  }
  const http = url.protocol === 'http:' || url.protocol === 'https:';
  return http && url.host === SHORT_ORIGIN.host && url.pathname === `/${code}` && url.search === '' && url.hash === '';
}

/** A client address of its own for every request: the per-address rate limit never interferes. */
const addressPrefix = `fd00:${randomUUID().slice(0, 4)}`;
let addressCount = 0;
const nextAddress = (): string => {
  addressCount += 1;
  return `${addressPrefix}::${(addressCount >>> 16).toString(16)}:${(addressCount & 0xffff).toString(16)}`;
};

const isLegitimate = (text: string): boolean => /^-?[0-9]+$/.test(text) || LEGITIMATE_TEXT.some((legitimate) => legitimate.includes(text));

// ---------------------------------------------------------------------------------------------
// Requests, and what each should answer.

interface WireRequest {
  readonly method: string;
  /** The path as sent: hostile characters percent-encoded or raw, `/` and `?` always encoded. */
  readonly path: string;
  /** Query arguments as sent (`name=value`, or a bare name), in order. */
  readonly query: readonly string[];
  readonly accept?: string;
  /** The type `accept` selects by decisions.md, for the well-formed headers of ACCEPTS. */
  readonly acceptType?: Kind;
  /** Over HTTP only: the Host header (the in-process events name localhost). */
  readonly host?: string;
  /** Over HTTP only: the target in absolute form (`http://host/path?query`), as a proxy sends it. */
  readonly absoluteForm?: boolean;
}

const targetOf = (request: WireRequest): string =>
  request.query.length === 0 ? request.path : `${request.path}?${request.query.join('&')}`;

const queryOf = (request: WireRequest): URLSearchParams => new URLSearchParams(request.query.join('&'));

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

type Route =
  | { readonly kind: 'errors' | 'containers' | 'unknown' | 'create' }
  | { readonly kind: 'error' | 'container'; readonly segment: string }
  /** `utf8`: whether the raw segment's percent-escapes are UTF-8 (decisions.md, `url`). */
  | { readonly kind: 'lookup'; readonly segment: string; readonly utf8: boolean }
  /** `params`: the path parameters (`list`, `id`, `comment_id`) as API Gateway decodes them. */
  | { readonly kind: 'gallery'; readonly endpoint: GalleryEndpoint; readonly params: Readonly<Record<string, string>> };

/** A gallery route: literal segments compared as sent, parameters non-empty and decoded. */
function galleryRoute(path: string): Route | undefined {
  const segments = path.split('/');
  for (const [pattern, endpoint] of GALLERY_ROUTES) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith('{')) return part === segment;
      params[part.slice(1, -1)] = decodeSegment(segment);
      return segment !== '';
    });
    if (matched) return { kind: 'gallery', endpoint, params };
  }
  return undefined;
}

const LOOKUP_PREFIX = '/url/short/';

/** The routes of template.yaml; everything else, and every method but GET, is the catch-all. */
function routeOf(request: WireRequest): Route {
  if (request.method !== 'GET') return { kind: 'unknown' };
  if (request.path === '/errors') return { kind: 'errors' };
  if (request.path === '/containers') return { kind: 'containers' };
  if (request.path === '/url/short/create') return { kind: 'create' };
  // `/url/short/{short_url+}`: greedy, the rest of the path decoded as one parameter.
  if (request.path.startsWith(LOOKUP_PREFIX) && request.path.length > LOOKUP_PREFIX.length) {
    const raw = request.path.slice(LOOKUP_PREFIX.length);
    return { kind: 'lookup', segment: decodeSegment(raw), utf8: escapesAreUtf8(raw) };
  }
  const one = /^\/(error|container)\/([^/]+)$/.exec(request.path);
  if (one) return { kind: one[1] as 'error' | 'container', segment: decodeSegment(one[2]!) };
  return galleryRoute(request.path) ?? { kind: 'unknown' };
}

/** The type the response must be in; undefined when only a hostile Accept header decides. */
function expectedKind(request: WireRequest): Kind | undefined {
  const asked = queryOf(request).get('type');
  if (asked !== null) return TYPE_VALUE.test(asked) ? (asked.toLowerCase() as Kind) : 'xml';
  return request.accept === undefined ? 'xml' : request.acceptType;
}

type Outcome =
  | { readonly kind: 'alert'; readonly code: 1002 | 1003 }
  /** `details`: the allowed texts after `message: `, null for the bare catalogue message. */
  | { readonly kind: 'error'; readonly code: number; readonly details: ReadonlyArray<string | null> }
  /** `only`: the one code or container short name asked for by path. */
  | { readonly kind: 'errors' | 'containers'; readonly only?: string }
  /** The Short URL list with the one record of `link` (and, when known, its short_url and itemid). */
  | { readonly kind: 'shorturls'; readonly link: string; readonly short_url?: string; readonly itemid?: number }
  | ListingOutcome;

/** A gallery or events wrapper, as the date rules, sort, count and offset select it. */
interface ListingOutcome {
  readonly kind: 'listing';
  readonly endpoint: GalleryEndpoint;
  readonly args: GalleryArgs;
  readonly ids?: readonly number[];
  readonly id?: number;
  readonly commentId?: number;
  /** Every record the path names, before window and page, when only seeded ids are asked for. */
  readonly candidates?: ReadonlyArray<PhotoRecord | CommentRecord>;
}

interface GalleryArgs {
  readonly min?: number;
  readonly max?: number;
  readonly sort: string;
  readonly count: number;
  readonly offset: number;
}

const failure = (code: number, details: ReadonlyArray<string | null> = [null]): Outcome => ({ kind: 'error', code, details });

/** 1001 names the argument when its name cannot carry markup (decisions.md, Errors). */
function unknownArgument(name: string): Outcome {
  if (!SAFE_NAME.test(name)) return failure(1001, [null]);
  return failure(1001, name.length <= 64 ? [name] : [name, null]);
}

const found = (stored: StoredShortUrl): Outcome => ({
  kind: 'shorturls',
  link: stored.link,
  short_url: stored.short_url,
  itemid: stored.itemid,
});

/** decisions.md, Integers: plain decimal in the safe range (and -0 is 0); undefined for anything else. */
function decimal(raw: string): number | undefined {
  if (!/^-?[0-9]+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value + 0 : undefined;
}

/** The gallery arguments in their declared order: the first bad one is the answer. */
function galleryArguments(query: URLSearchParams): { readonly args: GalleryArgs } | { readonly error: Outcome } {
  const values: Partial<Record<GalleryArgument, number | string>> = {};
  for (const name of GALLERY_ARGUMENTS) {
    const raw = query.get(name);
    if (name === 'sort') {
      if (raw !== null && !SORTS.includes(raw)) return { error: failure(1017, ['sort', null]) };
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
      sort: sort as string,
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

/** Whether a photo exists: known for the seeded range, undefined for ids other tests may store. */
const photoExists = (id: number): boolean | undefined => (isSeedId(id) ? PHOTOS.some((p) => p.id === id) : undefined);

function allOf(known: ReadonlyArray<boolean | undefined>): boolean | undefined {
  if (known.includes(false)) return false;
  return known.includes(undefined) ? undefined : true;
}

/** Whether what the path names exists (decisions.md, Gallery; spec 4.4: 404 otherwise). */
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

/** decisions.md, Date window: `max` before `min` is 1006; wider than 30 days without ids is 1020. */
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
function galleryOutcomes(route: Extract<Route, { kind: 'gallery' }>, query: URLSearchParams): Outcome[] {
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

function endpointOutcomes(route: Route, query: URLSearchParams, request: WireRequest): Outcome[] {
  const own: readonly string[] = route.kind === 'create' ? ['url'] : route.kind === 'gallery' ? GALLERY_ARGUMENTS : [];
  const unknown = [...query.keys()].find((name) => !COMMON_ARGUMENTS.has(name) && !own.includes(name));
  if (unknown !== undefined) return [unknownArgument(unknown)];
  switch (route.kind) {
    case 'error': {
      // Only the plain decimal form of a catalogue code names it.
      const known = CATALOGUE.has(Number(route.segment)) && String(Number(route.segment)) === route.segment;
      return [known ? { kind: 'errors', only: route.segment } : failure(1025)];
    }
    case 'container':
      return [CONTAINER_NAMES.includes(route.segment) ? { kind: 'containers', only: route.segment } : failure(1014)];
    case 'create': {
      const raw = rawArgument(request, 'url');
      if (raw !== undefined && !escapesAreUtf8(raw)) return [failure(1016, ['url'])];
      const { link, refusable } = linkOf(query.get('url'));
      return [...(refusable ? [failure(1016, [null, 'url'])] : []), ...(link === undefined ? [] : [{ kind: 'shorturls' as const, link }])];
    }
    case 'lookup': {
      if (!route.utf8) return [failure(1016, ['short_url'])];
      // The bare code or the whole short URL; anything else is 404.
      const named = STORED.find((stored) => route.segment === stored.code || route.segment === stored.short_url);
      if (named) return [found(named)];
      const spelled = STORED.find((stored) => spellsShortUrl(route.segment, stored.code));
      return spelled ? [failure(404), found(spelled)] : [failure(404)];
    }
    case 'gallery':
      return galleryOutcomes(route, query);
    default:
      return [{ kind: route.kind as 'errors' | 'containers' }];
  }
}

/**
 * What a request must answer, given the type it was answered in. A hostile app key may happen
 * to be a valid absolute URI, so it allows 1028 or whatever a valid key would get.
 */
function expectedOutcomes(request: WireRequest, type: Kind): Outcome[] {
  const query = queryOf(request);
  const asked = query.get('type');
  if (asked !== null && !TYPE_VALUE.test(asked)) return [failure(1001, ['type'])];
  if (type === 'javascript') {
    const callback = query.get('callback') ?? '';
    if (callback === '') return [{ kind: 'alert', code: 1002 }];
    if (!isCallable(callback)) return [{ kind: 'alert', code: 1003 }];
  }
  const route = routeOf(request);
  if (route.kind === 'unknown') return [failure(404)];
  const key = query.get('appkey') ?? '';
  if (key === '') return [failure(1005)];
  const downstream = endpointOutcomes(route, query, request);
  return isValidTestKey(key) ? downstream : [failure(1028), ...downstream];
}

/** Every input string a body must not echo: names, values, path segments, the Accept header. */
function hostileInputs(request: WireRequest): string[] {
  const query = queryOf(request);
  const texts = [
    ...query.keys(),
    ...query.values(),
    ...request.query,
    ...request.path.split('/').flatMap((segment) => [segment, decodeSegment(segment)]),
    request.accept ?? '',
    request.host ?? '',
  ];
  return [...new Set(texts)].filter((text) => text.length > 3 && !isLegitimate(text));
}

// ---------------------------------------------------------------------------------------------
// Bodies, read by the real parsers into one form.

interface TopicEntry {
  readonly name: string;
  readonly short_name: string;
}
interface ContainerEntry extends TopicEntry {
  readonly topics: readonly TopicEntry[];
}

type Payload =
  | { readonly kind: 'alert'; readonly message: string }
  | { readonly kind: 'error'; readonly code: number; readonly message: string; readonly status?: number }
  | { readonly kind: 'errors'; readonly timestamp: number; readonly entries: ReadonlyArray<{ code: number; message: string }> }
  | { readonly kind: 'containers'; readonly timestamp: number; readonly entries: readonly ContainerEntry[] }
  | {
      readonly kind: 'shorturls';
      readonly timestamp: number;
      /** As the body carries them: numbers unless the parser made something else of them. */
      readonly total: unknown;
      readonly count: unknown;
      readonly offset: unknown;
      readonly entries: readonly ShortUrlEntry[];
    }
  | {
      readonly kind: 'gallery' | 'events';
      readonly timestamp: number;
      /** As the body carries them (total read from its string in JSON and PHP); max_date undefined when absent. */
      readonly min_date: unknown;
      readonly max_date: unknown;
      readonly total: unknown;
      readonly offset: unknown;
      readonly count: unknown;
      readonly entries: readonly Entry[];
    };

/** A photo (`id, submit_date, comments, title, user{name, icon, registered, profileviews}, src, href`) or a comment, in one form for every type. */
type Entry = Readonly<Record<string, unknown>>;

const PHOTO_KEYS = ['id', 'submit_date', 'comments', 'title', 'user', 'src', 'href'];
const USER_KEYS = ['name', 'icon', 'registered', 'profileviews'];
const COMMENT_KEYS = ['date', 'id', 'story', 'up', 'down', 'replies', 'replyto', 'user', 'content', 'level', 'root'];
/** decisions.md, Comment lists: every field an attribute, `content` the text; a null `replyto` left out. */
const COMMENT_ATTRIBUTES = COMMENT_KEYS.filter((key) => key !== 'content');
const pick = (fields: Record<string, unknown>, keys: readonly string[]): Entry => Object.fromEntries(keys.map((key) => [key, fields[key]]));

interface ShortUrlEntry {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: unknown;
  readonly view_count: unknown;
}

interface Parsed {
  readonly payload: Payload;
  /** Every string value the body carries, as its parser reads it. */
  readonly strings: readonly string[];
}

const integer = (text: string | undefined): number => (text !== undefined && /^-?[0-9]+$/.test(text) ? Number(text) : Number.NaN);

function xmlStrings(element: XmlElement): string[] {
  return [...Object.values(element.attributes), element.text, ...element.children.flatMap(xmlStrings)];
}

/** The element, checked to be a `name` element with exactly these attributes. */
function xmlElement(element: XmlElement, name: string, attributes: readonly string[]): XmlElement {
  expect(element.name).toBe(name);
  expect(Object.keys(element.attributes)).toEqual(attributes);
  return element;
}

const xmlChildren = (element: XmlElement, name: string, attributes: readonly string[]): XmlElement[] =>
  element.children.map((child) => xmlElement(child, name, attributes));

/** decisions.md, Gallery: `title` a child element, `user` a child with attributes, the rest attributes. */
function xmlPhoto(element: XmlElement): Entry {
  expect(element.text).toBe('');
  expect(element.children.map((child) => child.name)).toEqual(['title', 'user']);
  const [title, user] = element.children as [XmlElement, XmlElement];
  xmlElement(title, 'title', []);
  expect(title.children).toEqual([]);
  xmlElement(user, 'user', USER_KEYS);
  expect([user.children, user.text]).toEqual([[], '']);
  const a = element.attributes;
  const u = user.attributes;
  return {
    id: integer(a.id),
    submit_date: integer(a.submit_date),
    comments: integer(a.comments),
    title: title.text,
    user: { name: u.name, icon: u.icon, registered: integer(u.registered), profileviews: integer(u.profileviews) },
    src: a.src,
    href: a.href,
  };
}

function xmlComment(element: XmlElement): Entry {
  const attributes = 'replyto' in element.attributes ? COMMENT_ATTRIBUTES : COMMENT_ATTRIBUTES.filter((key) => key !== 'replyto');
  xmlElement(element, 'comment', attributes);
  expect(element.children).toEqual([]);
  const a = element.attributes;
  const number = (key: string) => (key === 'replyto' && a.replyto === undefined ? null : integer(a[key]));
  return Object.fromEntries(COMMENT_KEYS.map((key) => [key, key === 'user' ? a.user : key === 'content' ? element.text : number(key)]));
}

function fromXml(body: string): Parsed {
  expect(body.startsWith(XML_DECLARATION)).toBe(true);
  const root = parseXml(body);
  const strings = xmlStrings(root);
  const timestamp = integer(root.attributes.timestamp);
  const topic = (element: XmlElement): TopicEntry => ({ name: element.attributes.name!, short_name: element.attributes.short_name! });
  switch (root.name) {
    case 'error':
      xmlElement(root, 'error', ['code', 'message']);
      expect(root.children).toEqual([]);
      return { payload: { kind: 'error', code: integer(root.attributes.code), message: root.attributes.message! }, strings };
    case 'errors': {
      xmlElement(root, 'errors', ['timestamp']);
      const entries = xmlChildren(root, 'error', ['code', 'message']).map((e) => ({
        code: integer(e.attributes.code),
        message: e.attributes.message!,
      }));
      return { payload: { kind: 'errors', timestamp, entries }, strings };
    }
    case 'containers': {
      xmlElement(root, 'containers', ['timestamp']);
      const entries = xmlChildren(root, 'container', ['name', 'short_name']).map((c) => ({
        ...topic(c),
        topics: xmlChildren(c, 'topic', ['name', 'short_name']).map(topic),
      }));
      return { payload: { kind: 'containers', timestamp, entries }, strings };
    }
    case 'shorturls': {
      xmlElement(root, 'shorturls', ['timestamp', 'total', 'count', 'offset']);
      const entries = xmlChildren(root, 'shorturl', ['link', 'short_url', 'itemid', 'view_count']).map((e) => {
        expect(e.children).toEqual([]);
        const a = e.attributes;
        return { link: a.link!, short_url: a.short_url!, itemid: integer(a.itemid), view_count: integer(a.view_count) };
      });
      const { total, count, offset } = root.attributes;
      return {
        payload: { kind: 'shorturls', timestamp, total: integer(total), count: integer(count), offset: integer(offset), entries },
        strings,
      };
    }
    case 'gallery':
    case 'events': {
      const gallery = root.name === 'gallery';
      const wrapper = [
        'timestamp',
        'min_date',
        ...(gallery && 'max_date' in root.attributes ? ['max_date'] : []),
        'total',
        'offset',
        'count',
      ];
      xmlElement(root, root.name, wrapper);
      expect(root.text).toBe('');
      const entries = gallery
        ? xmlChildren(root, 'galleryphoto', ['id', 'submit_date', 'comments', 'src', 'href']).map(xmlPhoto)
        : root.children.map(xmlComment);
      const a = root.attributes;
      const max_date = a.max_date === undefined ? undefined : integer(a.max_date);
      const fields = {
        min_date: integer(a.min_date),
        max_date,
        total: integer(a.total),
        offset: integer(a.offset),
        count: integer(a.count),
      };
      return { payload: { kind: root.name, timestamp, ...fields, entries }, strings };
    }
    default:
      throw new Error(`unexpected XML root <${root.name}>`);
  }
}

function objectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(objectStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => (key === '__class' ? [] : objectStrings(item)));
  }
  return [];
}

/** The record's own keys, exactly in this order; PHP objects also carry their class. */
function record(value: unknown, phpClass: string | undefined, keys: readonly string[]): Record<string, unknown> {
  expect(typeof value === 'object' && value !== null && !Array.isArray(value)).toBe(true);
  const fields = value as Record<string, unknown>;
  if (phpClass === undefined) {
    expect(Object.keys(fields)).toEqual(keys);
  } else {
    expect(Object.keys(fields)).toEqual(['__class', ...keys]);
    expect(fields.__class).toBe(config.phpClassPrefix + phpClass);
  }
  return fields;
}

/** A JSON value, a JSONP argument (`script`: errors also carry `status`) or an unserialized PHP value. */
function fromObject(value: unknown, form: 'json' | 'script' | 'php'): Parsed {
  const php = form === 'php';
  const cls = (name: string): string | undefined => (php ? name : undefined);
  const errorKeys = form === 'script' ? ['code', 'message', 'status'] : ['code', 'message'];
  const topic = (t: unknown): TopicEntry => {
    const entry = record(t, cls('Topic'), ['name', 'short_name']);
    return { name: entry.name as string, short_name: entry.short_name as string };
  };
  const strings = objectStrings(value);
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if ('code' in fields) {
    const e = record(value, cls('Error'), errorKeys);
    const status = e.status as number | undefined;
    return {
      payload: { kind: 'error', code: e.code as number, message: e.message as string, ...(status === undefined ? {} : { status }) },
      strings,
    };
  }
  if ('errors' in fields) {
    const list = record(value, cls('Errors'), ['timestamp', 'errors']);
    const entries = (list.errors as unknown[]).map((e) => {
      const entry = record(e, cls('Error'), ['code', 'message']);
      return { code: entry.code as number, message: entry.message as string };
    });
    return { payload: { kind: 'errors', timestamp: list.timestamp as number, entries }, strings };
  }
  if ('containers' in fields) {
    const list = record(value, cls('Containers'), ['timestamp', 'containers']);
    const entries = (list.containers as unknown[]).map((c) => {
      const container = record(c, cls('Container'), ['name', 'short_name', 'topics']);
      return {
        name: container.name as string,
        short_name: container.short_name as string,
        topics: (container.topics as unknown[]).map(topic),
      };
    });
    return { payload: { kind: 'containers', timestamp: list.timestamp as number, entries }, strings };
  }
  if ('shorturls' in fields) {
    const list = record(value, cls('ShortURLs'), ['shorturls', 'timestamp', 'total', 'count', 'offset']);
    const entries = (list.shorturls as unknown[]).map((e) => {
      const entry = record(e, cls('ShortURL'), ['link', 'short_url', 'itemid', 'view_count']);
      return { link: entry.link as string, short_url: entry.short_url as string, itemid: entry.itemid, view_count: entry.view_count };
    });
    const { total, count, offset } = list;
    return { payload: { kind: 'shorturls', timestamp: list.timestamp as number, total, count, offset, entries }, strings };
  }
  if ('photos' in fields || 'comments' in fields) {
    const gallery = 'photos' in fields;
    const keys = [
      'timestamp',
      'min_date',
      ...(gallery && 'max_date' in fields ? ['max_date'] : []),
      'total',
      'offset',
      'count',
      gallery ? 'photos' : 'comments',
    ];
    const list = record(value, cls(gallery ? 'Gallery' : 'Events'), keys);
    // decisions.md, Responses: `total` is a string in gallery and comment lists.
    expect(typeof list.total === 'string' && /^(0|[1-9][0-9]*)$/.test(list.total)).toBe(true);
    const items = (gallery ? list.photos : list.comments) as unknown[];
    expect(Array.isArray(items)).toBe(true);
    const entries = items.map((item): Entry => {
      if (!gallery) return pick(record(item, cls('Comment'), COMMENT_KEYS), COMMENT_KEYS);
      const photo = record(item, cls('GalleryPhoto'), PHOTO_KEYS);
      return { ...pick(photo, PHOTO_KEYS), user: pick(record(photo.user, cls('User'), USER_KEYS), USER_KEYS) };
    });
    const { timestamp, min_date, max_date, offset, count } = list;
    const payload = {
      kind: gallery ? 'gallery' : 'events',
      timestamp: timestamp as number,
      min_date,
      max_date,
      total: Number(list.total),
      offset,
      count,
      entries,
    } as const;
    return { payload, strings };
  }
  throw new Error(`unexpected value ${JSON.stringify(value).slice(0, 200)}`);
}

/**
 * A Javascript body is exactly `alert("<message>");` or `/**\/<callback>(<JSON>);`, nothing
 * more: checked by its text, then run, so that nothing but the alert or the one call happens.
 */
function fromScript(body: string, query: URLSearchParams): Parsed {
  expect(/[\u2028\u2029]/.test(body)).toBe(false);
  const alert = /^alert\((".*")\);$/s.exec(body);
  if (alert) {
    const message = JSON.parse(alert[1]!) as unknown;
    expect(typeof message).toBe('string');
    expect(runScript(body)).toEqual({ calls: [], alerts: [message] });
    // The string literal as written, too: the callback must not appear in it in any escaped form.
    return { payload: { kind: 'alert', message: message as string }, strings: [message as string, alert[1]!] };
  }
  const callback = query.get('callback') ?? '';
  const prefix = `/**/${callback}(`;
  if (!isCallable(callback) || !body.startsWith(prefix) || !body.endsWith(');')) {
    throw new Error(`neither an alert nor a call of the callback: ${body.slice(0, 200)}`);
  }
  const argument = JSON.parse(body.slice(prefix.length, -2)) as unknown;
  expect(runScript(body, callback)).toEqual({ calls: [[argument]], alerts: [] });
  return fromObject(argument, 'script');
}

// ---------------------------------------------------------------------------------------------
// The checks every response goes through.

/** The message detail, once the message is known to be a catalogue message with a safe detail. */
function checkMessage(code: number, message: string): string | undefined {
  const catalogued = CATALOGUE.get(code);
  if (catalogued === undefined) throw new Error(`code ${code} is not in the catalogue`);
  if (message === catalogued) return undefined;
  expect(message.startsWith(`${catalogued}: `)).toBe(true);
  const detail = message.slice(catalogued.length + 2);
  expect(detail).toMatch(SAFE_DETAIL);
  return detail;
}

const isInteger = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const dateOf = (entry: Entry): number => (entry.submit_date ?? entry.date) as number;
const inWindow = (date: number, window: { readonly min?: number; readonly max?: number }): boolean =>
  (window.min === undefined || date >= window.min) && (window.max === undefined || date <= window.max);

/**
 * spec 4.4, date-range rules 3 to 5 (rule 2's 1020 is in windowFailure). No date lies before the
 * epoch (min_submit_date's minimum is 0): the 30 days before a max_submit_date begin at 0 at the
 * earliest, and so does min_date.
 */
function thirtyDayWindow({ min, max }: GalleryArgs, now: number): { min: number; max: number } {
  if (min === undefined && max === undefined) return { min: now - THIRTY_DAYS, max: now };
  if (max === undefined) return { min: min!, max: min! + THIRTY_DAYS };
  if (min === undefined) return { min: Math.max(0, max - THIRTY_DAYS), max };
  return { min, max };
}

/** Whether `b` may follow `a` (decisions.md, Sort digg_count: ties on the newer date, then the higher id). */
function inOrder(a: Entry, b: Entry, sort: string, comments: boolean): boolean {
  if (sort === 'submit_date-desc') return dateOf(a) >= dateOf(b);
  if (sort === 'submit_date-asc') return dateOf(a) <= dateOf(b);
  // A photo's digg count is not shown: known for the seeded ones only.
  const rank = (e: Entry) => (comments ? (e.up as number) : SEEDED_RANK.get(e.id as number));
  const [ra, rb] = [rank(a), rank(b)];
  if (ra === undefined || rb === undefined) return true;
  if (ra !== rb) return sort === 'digg_count-desc' ? ra > rb : ra < rb;
  return dateOf(a) > dateOf(b) || (dateOf(a) === dateOf(b) && (a.id as number) > (b.id as number));
}

/** The same order, for the expected page of seeded records (their dates and ranks are distinct). */
function compareSeeded(sort: string): (a: PhotoRecord | CommentRecord, b: PhotoRecord | CommentRecord) => number {
  const date = (r: PhotoRecord | CommentRecord) => ('submit_date' in r ? r.submit_date : r.date);
  const rank = (r: PhotoRecord | CommentRecord) => ('digg_count' in r ? r.digg_count : r.up);
  const newer = (a: PhotoRecord | CommentRecord, b: PhotoRecord | CommentRecord) => date(b) - date(a) || b.id - a.id;
  if (sort === 'submit_date-asc') return (a, b) => -newer(a, b);
  if (sort === 'digg_count-desc') return (a, b) => rank(b) - rank(a) || newer(a, b);
  if (sort === 'digg_count-asc') return (a, b) => rank(a) - rank(b) || newer(a, b);
  return newer;
}

/** What is wrong with one entry: its types, its window, its relation to the path, its data. */
function entryProblem(
  entry: Entry,
  outcome: ListingOutcome,
  window: { min?: number; max?: number },
  comments: boolean,
): string | undefined {
  const ints = comments ? ['date', 'id', 'story', 'up', 'down', 'replies', 'level', 'root'] : ['id', 'submit_date', 'comments'];
  const strings = comments ? ['user', 'content'] : ['title', 'src', 'href'];
  const user = (entry.user ?? {}) as Entry;
  const typed =
    ints.every((key) => isInteger(entry[key]) && (entry[key] as number) >= 0) &&
    strings.every((key) => typeof entry[key] === 'string') &&
    (!comments || entry.replyto === null || isInteger(entry.replyto)) &&
    (comments ||
      (typeof user.name === 'string' && typeof user.icon === 'string' && isInteger(user.registered) && isInteger(user.profileviews)));
  if (!typed) return 'types';
  if (!inWindow(dateOf(entry), window)) return 'outside the window';
  const { ids = [], id, commentId } = outcome;
  const related = {
    photos: true,
    comments: true,
    photosByIds: ids.includes(entry.id as number),
    photo: entry.id === id,
    photosComments: ids.includes(entry.story as number),
    photoComments: entry.story === id && entry.level === 0,
    comment: entry.id === commentId && entry.story === id,
    replies: entry.replyto === commentId && entry.story === id,
  }[outcome.endpoint];
  if (!related) return 'not what the path names';
  const seeded = SEEDED_ENTRIES.get(entry.id as number);
  if (seeded !== undefined && JSON.stringify(entry) !== seeded) return `not the stored record ${seeded}`;
  return undefined;
}

/** What is wrong with a listing answer, or undefined. */
function listingProblem(payload: Payload, outcome: ListingOutcome): string | undefined {
  const comments = COMMENT_LISTS.has(outcome.endpoint);
  const resource = comments ? 'events' : 'gallery';
  if (payload.kind !== resource) return `not the ${resource} wrapper`;
  const { args } = outcome;
  const windowed = WINDOWED.has(outcome.endpoint);
  const window = windowed ? thirtyDayWindow(args, payload.timestamp) : { min: args.min, max: args.max };
  const { entries, total } = payload;
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(what);
  };
  check(Number.isSafeInteger(payload.timestamp) && payload.timestamp > 0, 'timestamp');
  check(isInteger(total) && total >= 0, 'total');
  check(payload.offset === args.offset, `offset should be ${args.offset}`);
  check(payload.count === entries.length && entries.length <= args.count, `count (at most ${args.count}, as many as the entries)`);
  // decisions.md, Wrapper: max_date only when a maximum was asked for (gallery only).
  check(payload.max_date === (comments ? undefined : args.max), `max_date should be ${comments ? 'absent' : args.max}`);
  // min_date: the window's lower bound, or the earliest date in the gallery for an unbounded one.
  if (windowed || args.min !== undefined) check(payload.min_date === window.min, `min_date should be ${window.min}`);
  else
    check(
      isInteger(payload.min_date) && payload.min_date >= 0 && entries.every((e) => dateOf(e) >= (payload.min_date as number)),
      'min_date: the earliest date',
    );
  // A listing by ids reads its records at once: the page is what total and offset leave. (Without
  // ids other tests may add records between the count and the page.)
  if (!windowed && isInteger(total))
    check(payload.count === Math.max(0, Math.min(args.count, total - args.offset)), 'count of total - offset');
  entries.forEach((entry, i) => {
    const problem = entryProblem(entry, outcome, window, comments);
    if (problem !== undefined) problems.push(`entry ${i} (${entry.id}): ${problem}`);
    if (i > 0 && !inOrder(entries[i - 1]!, entry, args.sort, comments)) problems.push(`entry ${i} out of ${args.sort} order`);
  });
  check(new Set(entries.map((e) => e.id)).size === entries.length, 'an entry twice');
  if (outcome.candidates !== undefined) {
    const selected = outcome.candidates
      .filter((r) => inWindow('submit_date' in r ? r.submit_date : r.date, window))
      .sort(compareSeeded(args.sort));
    const page = selected.slice(args.offset, args.offset + args.count).map((r) => r.id);
    check(total === selected.length, `total should be ${selected.length}`);
    check(JSON.stringify(entries.map((e) => e.id)) === JSON.stringify(page), `entries should be ${JSON.stringify(page)}`);
  }
  return problems.length === 0 ? undefined : problems.join('; ');
}

/** Why the answer is not `outcome`, or undefined when it is. */
function mismatch(payload: Payload, outcome: Outcome, type: Kind): string | undefined {
  if (outcome.kind === 'listing') return listingProblem(payload, outcome);
  return matches(payload, outcome, type) ? undefined : `not ${outcome.kind === 'error' ? outcome.code : outcome.kind}`;
}

function matches(payload: Payload, outcome: Exclude<Outcome, ListingOutcome>, type: Kind): boolean {
  switch (outcome.kind) {
    case 'alert':
      return payload.kind === 'alert' && payload.message === CATALOGUE.get(outcome.code);
    case 'error': {
      if (payload.kind !== 'error' || payload.code !== outcome.code) return false;
      const base = CATALOGUE.get(outcome.code)!;
      const messageOk = outcome.details.some((d) => payload.message === (d === null ? base : `${base}: ${d}`));
      return messageOk && payload.status === (type === 'javascript' ? statusFor(outcome.code) : undefined);
    }
    case 'errors': {
      if (payload.kind !== 'errors') return false;
      const want = outcome.only === undefined ? [...CATALOGUE.keys()] : [Number(outcome.only)];
      return JSON.stringify(payload.entries) === JSON.stringify(want.map((code) => ({ code, message: CATALOGUE.get(code) })));
    }
    case 'containers': {
      if (payload.kind !== 'containers') return false;
      const want = outcome.only === undefined ? CONTAINER_NAMES : [outcome.only];
      return (
        JSON.stringify(payload.entries.map((c) => c.short_name)) === JSON.stringify(want) &&
        payload.entries.every((c) => c.topics.length > 0)
      );
    }
    case 'shorturls': {
      if (
        payload.kind !== 'shorturls' ||
        payload.total !== 1 ||
        payload.count !== 1 ||
        payload.offset !== 0 ||
        payload.entries.length !== 1
      )
        return false;
      const entry = payload.entries[0]!;
      const wellFormed =
        SHORT_URL.test(entry.short_url) &&
        Number.isSafeInteger(entry.itemid) &&
        (entry.itemid as number) > 0 &&
        Number.isSafeInteger(entry.view_count) &&
        (entry.view_count as number) >= 0;
      return (
        wellFormed &&
        entry.link === outcome.link &&
        (outcome.short_url === undefined || entry.short_url === outcome.short_url) &&
        (outcome.itemid === undefined || entry.itemid === outcome.itemid)
      );
    }
  }
}

/** Everything but parsing: the answer is a catalogue one, the expected one, and echoes nothing. */
function verify(request: WireRequest, statusCode: number, type: Kind, parsed: Parsed): void {
  const { payload } = parsed;
  let detail: string | undefined;
  if (payload.kind === 'error') detail = checkMessage(payload.code, payload.message);
  if (payload.kind === 'alert') expect([CATALOGUE.get(1002), CATALOGUE.get(1003)]).toContain(payload.message);
  if (payload.kind !== 'error' && payload.kind !== 'alert') {
    expect(Number.isSafeInteger(payload.timestamp) && payload.timestamp > 0).toBe(true);
  }
  // A record's link is the input by design (normalised); its serialisation leaves nothing active.
  const recordTexts = new Set<string>();
  if (payload.kind === 'shorturls') {
    for (const entry of payload.entries) {
      expect(entry.link).toMatch(/^https?:\/\/[\x21-\x7e]+$/);
      expect(entry.link).not.toMatch(/[<>"]/);
      recordTexts.add(entry.link).add(entry.short_url);
    }
  }
  if (payload.kind === 'errors') for (const e of payload.entries) expect(CATALOGUE.get(e.code)).toBe(e.message);
  // Gallery records come from the table, not the request; the seeded ones are checked to be exactly as stored.
  if (payload.kind === 'gallery' || payload.kind === 'events')
    for (const text of payload.entries.flatMap(objectStrings)) recordTexts.add(text);

  const outcomes = expectedOutcomes(request, type);
  const problems = outcomes.map((outcome) => mismatch(payload, outcome, type));
  if (!problems.includes(undefined)) {
    const expected = JSON.stringify(outcomes, (key, value: unknown) => (key === 'candidates' ? '...' : value));
    throw new Error(
      `answered ${JSON.stringify(payload).slice(0, 400)}; expected one of ${expected.slice(0, 600)}: ${problems.join(' | ').slice(0, 600)}`,
    );
  }
  const route = routeOf(request);
  const what = payload.kind === 'error' ? payload.code : payload.kind;
  const counted = [`${route.kind}:${what}`];
  if (route.kind === 'gallery') {
    counted.push(`${route.endpoint}:${what}`);
    if ((payload.kind === 'gallery' || payload.kind === 'events') && payload.entries.length > 0)
      counted.push('gallery:entries', `${route.endpoint}:entries`);
  }
  for (const answered of counted) answers.set(answered, (answers.get(answered) ?? 0) + 1);
  const error = payload.kind === 'error' || payload.kind === 'alert';
  const code = payload.kind === 'error' ? payload.code : 0;
  expect(statusCode).toBe(type === 'javascript' || !error ? 200 : statusFor(code));

  for (const hostile of hostileInputs(request)) {
    // A safe argument name is told back by design, and so is any input it happens to contain
    // (`type` in the unknown argument `typea`).
    if (detail?.includes(hostile)) continue;
    const echo = parsed.strings.find((text) => !recordTexts.has(text) && text.includes(hostile));
    if (echo !== undefined)
      throw new Error(`input ${JSON.stringify(hostile).slice(0, 100)} echoed in ${JSON.stringify(echo).slice(0, 200)}`);
  }
}

/** How often each route answered what (e.g. `create:shorturls`, `lookup:404`): the properties check they reach their cases. */
const answers = new Map<string, number>();
const answered = (what: string): number => answers.get(what) ?? 0;

interface PendingPhp {
  readonly request: WireRequest;
  readonly statusCode: number;
  readonly body: string;
}

function withTarget(request: WireRequest, check: () => void): void {
  try {
    check();
  } catch (error) {
    const target = JSON.stringify(`${request.method} ${targetOf(request)}`).slice(0, 400);
    throw new Error(`${target} (Accept ${JSON.stringify(request.accept)}): ${(error as Error).message}`);
  }
}

/**
 * invoke() of test/support (a fresh Lambda context per request, as the Lambda runtime makes one),
 * with the request's Accept header and a client address of its own.
 */
function invokeFresh(request: WireRequest): Promise<Invocation> {
  const headers: Record<string, string> = request.accept === undefined ? {} : { accept: request.accept };
  return invoke(targetOf(request), { method: request.method, headers, sourceIp: nextAddress() });
}

/** The headers an API answer may carry (decisions.md, Responses; Retry-After with the rate limit). */
const API_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'x-content-type-options',
  'access-control-allow-origin',
  'vary',
  'cache-control',
  'deprecation',
  'sunset',
  'link',
  'retry-after',
]);
/** The short-link host's: its page's, and Location with a 301. */
const SHORT_LINK_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'x-content-type-options',
  'cache-control',
  'location',
  'retry-after',
  'deprecation',
]);

/**
 * Nothing of the input reaches a header: only the headers the answer may carry, each value
 * printable ASCII (no CR or LF to split the response, no NUL), none holding a hostile input.
 */
function checkHeaders(headers: Readonly<Record<string, string>>, allowed: ReadonlySet<string>, hostile: readonly string[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!allowed.has(name)) throw new Error(`unexpected header ${name}: ${JSON.stringify(value).slice(0, 200)}`);
    if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`header ${name} holds ${JSON.stringify(value).slice(0, 200)}`);
    const echoed = hostile.find((text) => value.includes(text));
    if (echoed !== undefined) throw new Error(`input ${JSON.stringify(echoed).slice(0, 100)} echoed in header ${name}`);
  }
}

type Send = (request: WireRequest) => Promise<Invocation>;

/**
 * One request through the real handler (in-process unless `send` says otherwise); PHP bodies
 * are kept for one unserialize() batch.
 */
async function checkRequest(request: WireRequest, pendingPhp: PendingPhp[], send: Send = invokeFresh): Promise<void> {
  const response = await send(request);
  withTarget(request, () => {
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    checkHeaders(response.headers, API_HEADERS, hostileInputs(request));
    // decisions.md, Deprecation and Caching: gallery answers announce their removal, and are not cached.
    if (routeOf(request).kind === 'gallery') {
      expect(response.headers.sunset).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const type = KINDS.find((kind) => CONTENT_TYPES[kind] === response.headers['content-type']);
    if (type === undefined) throw new Error(`Content-Type ${response.headers['content-type']}`);
    const expected = expectedKind(request);
    if (expected !== undefined) expect(type).toBe(expected);
    // Over HTTP a HEAD answer is its head alone: the status of what the body would have been.
    if (request.method === 'HEAD' && response.body === '') {
      const statuses = expectedOutcomes(request, type).map((outcome) =>
        type === 'javascript' || outcome.kind !== 'error' ? 200 : statusFor(outcome.code),
      );
      expect(statuses).toContain(response.statusCode);
      return;
    }
    if (type === 'php') {
      pendingPhp.push({ request, statusCode: response.statusCode, body: response.body });
      return;
    }
    const parsed =
      type === 'xml'
        ? fromXml(response.body)
        : type === 'json'
          ? fromObject(JSON.parse(response.body), 'json')
          : fromScript(response.body, queryOf(request));
    verify(request, response.statusCode, type, parsed);
  });
}

function verifyPhp(pending: readonly PendingPhp[]): void {
  if (pending.length === 0) return;
  const answers = unserializeAll(pending.map((p) => p.body));
  pending.forEach(({ request, statusCode, body }, i) => {
    withTarget(request, () => {
      const answer = answers[i]!;
      expect(answer.error).toBeUndefined();
      expect(answer.serialized).toBe(body);
      verify(request, statusCode, 'php', fromObject(answer.value, 'php'));
    });
  });
}

/** Runs the property over `numRuns` generated requests, then checks the PHP bodies in one batch. */
async function assertHostileRequests(requests: fc.Arbitrary<WireRequest>, numRuns: number): Promise<void> {
  const pendingPhp: PendingPhp[] = [];
  await fc.assert(
    fc.asyncProperty(requests, (request) => checkRequest(request, pendingPhp)),
    { numRuns },
  );
  verifyPhp(pendingPhp);
}

// ---------------------------------------------------------------------------------------------
// Generators: strings in their wire form.

const KEY = encodeURIComponent(APP_KEY);
const KEY_ARGUMENT = `appkey=${KEY}`;

const hex = (byte: number): string => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Every UTF-8 byte but the unreserved ones percent-encoded (a lone surrogate goes as U+FFFD). */
const percentEncode = (text: string): string =>
  [...Buffer.from(text, 'utf8')].map((b) => (/[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : hex(b))).join('');

/** Every UTF-8 byte percent-encoded, letters and digits included. */
const fullyEncode = (text: string): string => [...Buffer.from(text, 'utf8')].map(hex).join('');

/** Only what would change the request's structure encoded: controls, non-ASCII, lone surrogates go raw. */
const rawEncode = (text: string): string => text.replace(/[%&=+#?/]/g, (c) => hex(c.charCodeAt(0)));

const encoded = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(text, fc.boolean()).map(([t, raw]) => (raw ? rawEncode(t) : percentEncode(t)));

/**
 * Bytes that are no UTF-8: invalid bytes, overlong forms (of NUL, and of `/` and `../`, which a
 * decoder that took them would turn into path separators), lone surrogates, sequences cut short
 * (at the end and before ASCII), code points past U+10FFFF, stray continuation bytes, and broken
 * percent escapes; with the noncharacters and the last code point, which are valid UTF-8.
 */
const INVALID_UTF8 = [
  '%FF%FE',
  '%FE',
  '%C0%80',
  '%C0%AF',
  '%E0%80%AF',
  '%F0%80%80%AF',
  '%C1%BF',
  '%C0%AE%C0%AE%C0%AF',
  '%ED%A0%80',
  '%ED%B0%80',
  '%ED%BF%BF',
  '%ED%A0%BD%ED%B8%80',
  '%F8%88%80%80%80',
  '%E0%80',
  '%C3',
  '%E2%82',
  '%E2%82a',
  '%F0%9F%98',
  '%F4%90%80%80',
  '%80%80',
  '%EF%BF%BE',
  '%F4%8F%BF%BF',
  '%',
  '%G1',
  '%%41',
  '%u0041',
];

const byteWire = fc
  .array(
    fc.oneof(
      fc.integer({ min: 0, max: 255 }).map(hex),
      fc.constantFrom(...INVALID_UTF8),
      fc.constantFrom('a', 'Z', '0', '.', '-', '~', '_'),
    ),
    { minLength: 1, maxLength: 24 },
  )
  .map((parts) => parts.join(''));

/** Any code point, lone surrogates included (fast-check's 'binary' unit leaves those out). */
const anyCharacter = fc.oneof(
  { weight: 9, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
);
const unicodeText = fc.string({ unit: anyCharacter, minLength: 1, maxLength: 24 });

const CONTROLS = [...Array.from({ length: 0x20 }, (_, c) => String.fromCharCode(c)), '\u007f', '\u0085', '\u2028', '\u2029'];
const controlText = fc
  .array(fc.oneof(fc.constantFrom(...CONTROLS), fc.constantFrom('a', 'b', '<', '>', '"', "'", '&', ' ')), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.join(''));
const controlWire = encoded(controlText);

const INJECTIONS = [
  'alert(1)//',
  'a;b',
  'a\u2028b',
  'a.b.',
  '.a',
  'a..b',
  '1a',
  'a-b',
  '</script>',
  '<script>alert(1)</script>',
  'a'.repeat(200),
  'b'.repeat(129),
  `${'c.'.repeat(64)}c`,
  'ñame',
  'λ',
  'café',
  'Ωmega',
  'ǅ',
  '\u{1D49C}x',
  'a=b',
  'a&b',
  '"><x>',
  "';alert(1);//",
  '${x}',
  '`x`',
  '(function(){})()',
  'a.b(1)',
  'a[0]',
  'a\u0000b',
  '\uFEFFa',
  'a b',
  ' a',
  'a ',
  ']]><!--',
  '&amp;',
  '&#0;',
  'O:8:"stdClass":0:{}',
  's:1:"a";',
  '{"code":1}',
];
const injectionWire = encoded(fc.constantFrom(...INJECTIONS));

const hostileWire = fc.oneof(byteWire, encoded(unicodeText), controlWire, injectionWire);

/** Well-formed callbacks (see leftOut for the names they leave out). */
const validCallback = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,12}(\.[A-Za-z_$][A-Za-z0-9_$]{0,12}){0,3}$/),
    fc.constantFrom('callback', 'jQuery1234_5678', 'a.b.c', '$', '_', 'x'.repeat(128), `A.${'b'.repeat(126)}`, 'alert'),
  )
  .filter((name) => !leftOut(name));

const appkeyWire = fc.oneof(
  { weight: 6, arbitrary: fc.constant(KEY) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      APP_KEY,
      'http://example.com/',
      'http%3A%2F%2Fx.example.com',
      'javascript:alert(1)',
      'mailto:',
      'a',
      'http://',
    ),
  },
  { weight: 2, arbitrary: hostileWire },
);

const VALID_TYPES = ['xml', 'json', 'javascript', 'php', 'XML', 'Json', 'JavaScript', 'PHP', 'j%73on'];
const INVALID_TYPES = ['', 'html', 'jsonp', 'js', 'json ', '+json', 'json%00', 'text/xml', 'xml,json'];
const typeValue = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...VALID_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_TYPES) },
);
const typeWire = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...VALID_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_TYPES) },
  { weight: 2, arbitrary: hostileWire },
);

const callbackWire = fc.oneof(validCallback.map(percentEncode), validCallback, injectionWire, hostileWire, fc.constantFrom('', 'callback'));

const nameWire = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'appkey',
      'type',
      'callback',
      'TYPE',
      'typ%65',
      'app%6Bey',
      'callback%00',
      'count',
      'foo',
      'url',
      'URL',
      'ur%6C',
      'a.b-c_d',
      '__proto__',
      'constructor',
      'toString',
      'x'.repeat(64),
      'y'.repeat(65),
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('sort', 'offset', 'min_submit_date', 'max_submit_date', 'Count', 'c%6Funt', 'sort%00', 'id', 'list'),
  },
  { weight: 3, arbitrary: hostileWire },
);

/** `name=value`, or a bare name now and then. */
const argument = (name: fc.Arbitrary<string>, value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(name, fc.option(value, { freq: 8 })).map(([n, v]) => (v === null ? n : `${n}=${v}`));

/** A code or container name with one hostile character added, or in other case. */
const LEGIT_SEGMENTS = ['1001', '404', '1028', 'technology', 'world_business', 'offbeat'];
const nearMissSegment = fc.oneof(
  fc
    .tuple(
      fc.constantFrom(...LEGIT_SEGMENTS),
      fc.constantFrom(' ', '%20', '%00', '+', '0', '.', '%0A', '%2F', '\t', '%E2%80%A8', '%C2%A0', '%EF%BB%BF', '%FF'),
      fc.boolean(),
    )
    .map(([legit, extra, before]) => (before ? extra + legit : legit + extra)),
  fc.constantFrom('Technology', 'TECHNOLOGY', 'World_Business', 'offbeaT', 'Offbeat'),
);

const segmentWire = fc.oneof(
  nearMissSegment,
  fc.constantFrom(
    '1001',
    '404',
    '1025',
    '1028',
    'technology',
    'world_business',
    'offbeat',
    '%31%30%30%31',
    'sci%65nce',
    '..',
    '.',
    '01001',
    '1001.0',
    '%201001',
    '1001%2F',
    '-1',
    '99999999999999999999',
    '%2F',
  ),
  hostileWire.filter((s) => s !== ''),
);

const pathWire = (segment: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom('/errors', '/containers', '/error/1001', '/error/404', '/container/technology', '/container/offbeat'),
    },
    fc.constantFrom(
      '/',
      '/error/',
      '/container/',
      '//errors',
      '/errors/',
      '/ERRORS',
      '/galleryphotos',
      '/url/short/create',
      '/error',
      '/url/short/',
      '/url/short',
      '/url/short/create/',
      '/URL/short/create',
    ),
    segment.map((s) => `/error/${s}`),
    segment.map((s) => `/url/short/${s}`),
    segment.map((s) => `/container/${s}`),
    segment.map((s) => `/${s}`),
    fc.tuple(segment, segment).map(([a, b]) => `/error/${a}/${b}`),
    segment.map((s) => `/stories/container/${s}`),
    { weight: 2, arbitrary: fc.constantFrom(...GALLERY_PATHS) },
    fc.constantFrom(
      '/galleryphotos/',
      '/galleryphoto',
      '/galleryphoto/',
      '/GALLERYPHOTOS',
      '/galleryphotos/comments/',
      '/galleryphotos//comments',
      `/galleryphoto/${P1.id}/comment`,
      `/galleryphoto/${P1.id}/comment/`,
      `/galleryphoto/${P1.id}/comment//replies`,
    ),
    segment.map((s) => `/galleryphoto/${s}`),
    segment.map((s) => `/galleryphotos/${s}`),
    segment.map((s) => `/galleryphotos/${s}/comments`),
    fc.tuple(segment, segment).map(([a, b]) => `/galleryphoto/${a}/comment/${b}/replies`),
  );

const methodWire = fc.oneof(
  { weight: 8, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get') },
);

/** Accept headers with the type decisions.md has them select. */
const ACCEPTS: ReadonlyArray<readonly [string, Kind]> = [
  ['', 'xml'],
  ['application/json', 'json'],
  ['text/javascript', 'javascript'],
  ['application/php', 'php'],
  ['text/xml', 'xml'],
  ['*/*', 'xml'],
  ['text/html', 'xml'],
  ['APPLICATION/JSON', 'json'],
  ['application/json;q=0.5, application/php', 'php'],
  ['text/javascript, application/json', 'json'],
  ['text/*;q=0.9, application/json;q=0.8', 'xml'],
  ['application/json;q=0, */*;q=0.1', 'xml'],
  ['application/*;q=0.3, text/javascript;q=0.4', 'javascript'],
];

const ACCEPT_PIECES = [
  'application/json',
  'text/javascript',
  'application/php',
  'text/xml',
  '*/*',
  'text/*',
  ';q=',
  'q=0',
  'q=1',
  'q=0.5',
  'q=2',
  'q=-1',
  'q=abc',
  ';',
  ',',
  ' ',
  '\t',
  '/',
  '*',
  'a/b',
  '\u0000',
  '\u2028',
  'é',
];
const hostileAccept = fc.oneof(
  fc.array(fc.constantFrom(...ACCEPT_PIECES), { maxLength: 12 }).map((parts) => parts.join('')),
  unicodeText,
  controlText,
);

type AcceptChoice = Pick<WireRequest, 'accept' | 'acceptType'>;
const acceptWire: fc.Arbitrary<AcceptChoice> = fc.oneof(
  fc.constant({}),
  fc.constantFrom(...ACCEPTS).map(([accept, acceptType]) => ({ accept, acceptType })),
  hostileAccept.map((accept) => ({ accept })),
);

interface RequestParts {
  readonly method?: fc.Arbitrary<string>;
  readonly path?: fc.Arbitrary<string>;
  /** Arguments a request carries (undefined: left out), each at a random position. */
  readonly args: ReadonlyArray<fc.Arbitrary<string | undefined>>;
  /** Further arguments, up to `maxExtra` of them. */
  readonly extra?: fc.Arbitrary<string>;
  readonly maxExtra?: number;
  readonly accept?: fc.Arbitrary<AcceptChoice>;
}

/**
 * A well-formed callback the properties leave out: one no page can define (the pipeline calls it
 * today, see the dedicated failing test, and it would mask whatever else a property finds), or
 * one whose definition in runScript's sandbox would reach Object.prototype of this realm.
 */
function leftOut(callback: string): boolean {
  if (callback.length > 128 || !CALLBACK.test(callback)) return false;
  return !isCallable(callback) || callback.split('.').some((segment) => segment in Object.prototype);
}

/** Requests from their parts, but for those whose callback is left out. */
function requests(parts: RequestParts): fc.Arbitrary<WireRequest> {
  const placed = (arb: fc.Arbitrary<string | undefined>) => fc.tuple(fc.nat({ max: 15 }), arb);
  return fc
    .record({
      method: parts.method ?? methodWire,
      path: parts.path ?? pathWire(segmentWire),
      args: fc.tuple(...parts.args.map(placed)),
      // No further argument half the time: any unknown one is 1001, which would hide the rest.
      extra: fc.oneof(
        fc.constant([]),
        fc.array(placed(parts.extra ?? fc.constant(undefined)), { maxLength: parts.extra ? (parts.maxExtra ?? 4) : 0 }),
      ),
      accept: parts.accept ?? acceptWire,
    })
    .map(({ method, path, args, extra, accept }): WireRequest => {
      const query = [...args, ...extra]
        .sort(([a], [b]) => a - b)
        .map(([, text]) => text)
        .filter((text): text is string => text !== undefined);
      return { method, path, query, ...accept };
    })
    .filter((request) => !leftOut(queryOf(request).get('callback') ?? ''));
}

const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: undefined, freq: 4 });
const appkeyArgument = optional(argument(fc.constant('appkey'), appkeyWire));

/** A 10 000-character string: a short random pattern repeated, in wire form. */
const longText = fc
  .oneof(fc.string({ unit: anyCharacter, minLength: 1, maxLength: 3 }), fc.constantFrom('a', '<', '%', '\u0000', 'é', '😀', '&', '"'))
  .map((pattern) => pattern.repeat(Math.ceil(10_000 / pattern.length)).slice(0, 10_000));
const longWire = fc.oneof(encoded(longText), fc.constantFrom('%FF'.repeat(10_000), 'a'.repeat(10_000)));
const sometimesLong = (normal: fc.Arbitrary<string>) => fc.oneof(normal, longWire);

/** A valid app key of its own per request (see TEST_KEY), now and then another key. */
const testKeyWire = fc.oneof(
  { weight: 8, arbitrary: fc.uuid().map((id) => encodeURIComponent(`http://k-${id}.hostile.app/`)) },
  { weight: 1, arbitrary: appkeyWire },
);

/** Links decisions.md refuses (1016), however they are spelled. */
const REFUSED_LINKS = [
  '/relative',
  '//news.test/x',
  'news.test',
  'ftp://news.test/',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  'mailto:a@news.test',
  'data:text/html,<script>alert(1)</script>',
  'file:///etc/passwd',
  'ws://news.test/',
  'http:',
  'http://',
  'http:///x',
  'https://user:pw@news.test/',
  'https://user@news.test/',
  'http://:@news.test/',
  `${SHORT_URL_HOST}/AbC1234`,
  'HTTP://127.0.0.1:3001/x',
  'https://127.0.0.1:3001/',
  'http://0x7f.1:3001/',
  'http://2130706433:3001/',
  'http://127.0.0.1.:3001/',
  'http://[::1',
  'http://news test/',
  'http://news.test:65536/',
  'http://%zz/',
  'http://a<b>/',
  `https://news.test/${'a'.repeat(2049)}`,
];

/** Valid links with hostile paths, queries and fragments: each is a creation, a record of its own. */
const LINK_PREFIXES = [
  'https://news.test/',
  'HTTP://News.TEST:80/',
  ' http://news.test/',
  'https://bücher.test/',
  'http://[::1]:8080/',
  'http://127.0.0.1:3002/',
  'https://news.test./',
  'https://@news.test/',
  'https://news.test/?',
];
const validLinkText = fc
  .tuple(fc.constantFrom(...LINK_PREFIXES), fc.uuid(), fc.oneof(unicodeText, controlText, fc.constantFrom(...INJECTIONS), fc.constant('')))
  .map(([prefix, id, rest]) => `${prefix}${id}/${rest}`);

/** Links refused for their scheme, credentials or host, with hostile paths after them. */
const REFUSED_PREFIXES = [
  'https://user:pw@news.test/',
  'http://u@news.test/',
  'https://:p@news.test/',
  'ftp://news.test/',
  'javascript:alert(1)//',
  'file:///',
  `${SHORT_URL_HOST}/`,
  'https://127.0.0.1:3001/',
  'http://127.0.0.1.:3001/',
  'HTTP://0177.0.0.1:3001/',
  'news.test/',
  '/',
];
const refusedLinkText = fc
  .tuple(fc.constantFrom(...REFUSED_PREFIXES), fc.uuid(), fc.oneof(unicodeText, fc.constantFrom(...INJECTIONS), fc.constant('')))
  .map(([prefix, id, rest]) => `${prefix}${id}/${rest}`);

const urlWire = fc.oneof(
  { weight: 3, arbitrary: encoded(validLinkText) },
  { weight: 3, arbitrary: encoded(refusedLinkText) },
  { weight: 1, arbitrary: encoded(fc.constantFrom(...REFUSED_LINKS)) },
  { weight: 2, arbitrary: hostileWire },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('https://news.test/', 'http://x/'), byteWire)
      .map(([prefix, bytes]) => `${encodeURIComponent(prefix)}${bytes}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      '%',
      'http%3A%2F%2F',
      `${encodeURIComponent('https://news.test/')}${'a'.repeat(2031)}`,
      `${encodeURIComponent('https://news.test/')}${'a'.repeat(2030)}`,
    ),
  },
);

/**
 * The first `url` of a creation: a valid link half the time, so that both counts the creation test
 * requires (over 20 records and over 20 refusals in 250 requests) sit far from chance: measured 52–66
 * records and 67–82 refusals in six runs, where urlWire alone gave 23–35 records and once 16 (a CI failure).
 */
const createUrlWire = fc.oneof(encoded(validLinkText), urlWire);

/** Path segments after /url/short/: the stored short URLs in their spellings, near misses, and noise. */
const storedIndex = fc.nat({ max: 2 });
/** Near misses of a stored code: other codes, other hosts, other parts of a URL, other spellings. */
const SEGMENT_VARIANTS: ReadonlyArray<(code: string) => string> = [
  (c) => `${c}x`,
  (c) => c.slice(1),
  (c) => c.slice(0, 6),
  (c) => [...c].map((ch) => (ch === ch.toLowerCase() ? ch.toUpperCase() : ch.toLowerCase())).join(''),
  (c) => `${SHORT_URL_HOST}/${c}?x=1`,
  (c) => `${SHORT_URL_HOST}/${c}#x`,
  (c) => `${SHORT_URL_HOST}/${c}/`,
  (c) => `${SHORT_URL_HOST}//${c}`,
  (c) => `${SHORT_URL_HOST}/./${c}`,
  (c) => `${SHORT_URL_HOST}/%2e/${c}`,
  (c) => `https://127.0.0.1:3001/${c}`,
  (c) => `HTTP://127.0.0.1:3001/${c}`,
  (c) => `http://u:p@127.0.0.1:3001/${c}`,
  (c) => `http://127.0.0.1:3002/${c}`,
  (c) => `http://127.0.0.1/${c}`,
  (c) => `http://127.0.0.2:3001/${c}`,
  (c) => `http://localhost:3001/${c}`,
  (c) => `http://127.0.0.1:3001@other.test/${c}`,
  (c) => `https://other.test/${c}`,
  (c) => `ftp://127.0.0.1:3001/${c}`,
  (c) => `//127.0.0.1:3001/${c}`,
  (c) => `127.0.0.1:3001/${c}`,
  (c) => ` ${c}`,
  (c) => `${c}\u0000`,
  (c) => `${c}\u200b`,
];
const variantSegment = fc
  .tuple(storedIndex, fc.constantFrom(...SEGMENT_VARIANTS), fc.constantFrom('percent', 'raw', 'as-is'))
  .map(([i, variant, form]) => {
    const text = variant(STORED[i]!.code);
    if (form === 'percent') return percentEncode(text);
    if (form === 'raw') return rawEncode(text);
    return text.replace(/[\s?#%\u0000]/g, (c) => hex(c.charCodeAt(0)));
  });
const storedSegment = fc.oneof(
  storedIndex.map((i) => STORED[i]!.code),
  storedIndex.map((i) => encodeURIComponent(STORED[i]!.short_url)),
  storedIndex.map((i) => STORED[i]!.short_url),
  { weight: 5, arbitrary: variantSegment },
);
const lookupSegmentWire = fc.oneof(
  { weight: 5, arbitrary: storedSegment },
  { weight: 2, arbitrary: segmentWire },
  { weight: 2, arbitrary: hostileWire.filter((text) => text !== '') },
  { weight: 1, arbitrary: fc.tuple(hostileWire, hostileWire).map(([a, b]) => `${a}/${b}`) },
  { weight: 1, arbitrary: fc.stringMatching(/^[0-9A-Za-z]{7}$/) },
);

/** Integers spelled every way decisions.md refuses, or must read right (-0, leading zeros), in wire form. */
const INTEGER_SPELLINGS = [
  '0',
  '-0',
  '00',
  '-1',
  '1',
  '+1',
  '%2B1',
  '%201',
  '1%20',
  '%091',
  '1e400',
  '1e3',
  '1E2',
  '1.0',
  '1.',
  '.5',
  '0x10',
  '0X10',
  '0b1',
  '0o7',
  '1_000',
  '1%2C000',
  'Infinity',
  '-Infinity',
  'NaN',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '-9007199254740991',
  '-9007199254740993',
  '99999999999',
  '100000000000',
  '2147483647',
  '2147483648',
  '4294967296',
  '%EF%BC%91',
  '%D9%A1',
  '1%00',
  '%00',
  '',
  '-',
  '--1',
  '%2D1',
  '0%2E5',
  '1%2F2',
  '%FF',
  '%C0%B1',
  '1%',
];
/** 10 000-character integers: too large, and zeros before 7 (plain decimal, so 7). */
const LONG_INTEGERS = ['9'.repeat(10_000), '1'.repeat(10_000), `${'0'.repeat(9_999)}7`, `-${'0'.repeat(9_999)}`, `${'1'.repeat(5_000)}x`];
const integerWire = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...INTEGER_SPELLINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...LONG_INTEGERS) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n })).map(String) },
  { weight: 2, arbitrary: hostileWire },
);

/** Dates around the seeded ones, anywhere in range, and hostile. */
const seededDates = fc.integer({ min: BASE_DATE - 3 * DAY, max: BASE_DATE + 50 * DAY });
const dateWire = fc.oneof(
  { weight: 6, arbitrary: seededDates.map(String) },
  {
    weight: 1,
    arbitrary: fc
      .constantFrom(...PHOTOS.map((p) => p.submit_date), ...COMMENTS.map((c) => c.date), 0, MAX_DATE, -1, MAX_DATE + 1)
      .map(String),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: MAX_DATE }).map(String) },
  { weight: 1, arbitrary: integerWire },
);
const countWire = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 100 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('0', '-1', '-0', '1', '100', '101', '1000', '0100', `${'0'.repeat(50)}5`).map(String) },
  { weight: 1, arbitrary: fc.oneof(fc.integer({ min: 101, max: 100_000 }), fc.integer({ min: -100_000, max: 0 })).map(String) },
  { weight: 1, arbitrary: integerWire },
);
const offsetWire = fc.oneof(
  { weight: 6, arbitrary: fc.nat(8).map(String) },
  { weight: 2, arbitrary: fc.integer({ min: 9, max: 170 }).map(String) },
  { weight: 1, arbitrary: fc.constantFrom('-1', '-0', '00', '1000', '2147483647', '9007199254740991', '9007199254740992') },
  { weight: 1, arbitrary: integerWire },
);
const SORT_SPELLINGS = [
  '',
  'SUBMIT_DATE-DESC',
  'Submit_date-desc',
  'submit_date',
  'digg_count',
  'submit_date-desc%20',
  '%20digg_count-asc',
  'digg_count%2Bdesc',
  'digg_count+desc',
  'digg_count-desc%00',
  'submit_date-DESC',
  'submit_date_desc',
  'date-desc',
  'digg_count-desc,submit_date-asc',
  'promote_date-desc',
  'digg_count-desc%E2%80%A8',
  '-submit_date',
  'submit%5Fdate-asc',
  'digg%5Fcount-desc',
];
const sortWire = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...SORTS) },
  { weight: 1, arbitrary: fc.constantFrom(...SORTS).map(fullyEncode) },
  { weight: 1, arbitrary: fc.constantFrom(...SORT_SPELLINGS) },
  { weight: 1, arbitrary: hostileWire },
);
const GALLERY_VALUES: Readonly<Record<GalleryArgument, fc.Arbitrary<string>>> = {
  min_submit_date: dateWire,
  max_submit_date: dateWire,
  sort: sortWire,
  count: countWire,
  offset: offsetWire,
};
/** Each gallery argument now and then, a bare name (an empty value) seldom. */
const galleryArgs = GALLERY_ARGUMENTS.map((name) =>
  fc.option(
    fc.tuple(fc.constant(name), fc.option(GALLERY_VALUES[name], { freq: 25 })).map(([n, v]) => (v === null ? n : `${n}=${v}`)),
    { nil: undefined, freq: 2 },
  ),
);
/** A gallery argument given again (the first value wins), or one the gallery does not take. */
const galleryExtra = fc.oneof(
  { weight: 9, arbitrary: fc.constantFrom(...GALLERY_ARGUMENTS).chain((name) => GALLERY_VALUES[name].map((value) => `${name}=${value}`)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'Count',
      'SORT',
      'c%6Funt=5',
      'sort%00=x',
      'min_submit_date%20=1',
      'submit_date=1',
      'min_date=1',
      'ids=1',
      'id=1',
      'list=1',
      'page=2',
      'limit=5',
      'count[]=5',
    ),
  },
);

/** Other spellings of an id: some the same id (leading zeros, percent-encoded digits), most no id at all. */
const ID_SPELLINGS: ReadonlyArray<(id: string) => string> = [
  (id) => `0${id}`,
  (id) => `%3${id[0]}${id.slice(1)}`,
  (id) => fullyEncode(id),
  (id) => `+${id}`,
  (id) => `%2B${id}`,
  (id) => `%20${id}`,
  (id) => `${id}%20`,
  (id) => ` ${id}`,
  (id) => `-${id}`,
  (id) => `${id}.0`,
  (id) => `${id}e0`,
  (id) => `${id},`,
  (id) => `${id},${id}`,
  (id) => `${id}%00`,
  (id) => `${id}%0A`,
  (id) => `0x${Number(id).toString(16)}`,
  (id) => `${id}%2F`,
  (id) => `${id};x`,
  (id) => `${id}%E2%80%A8`,
  (id) => `${id.slice(0, -1)}%EF%BC%91`,
];
/** A path id: one of `known` (present or absent) mostly, otherwise respelled, a hostile integer, or noise. */
const idWire = (known: readonly number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...known).map(String) },
    { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...known), fc.constantFrom(...ID_SPELLINGS)).map(([id, spell]) => spell(String(id))) },
    { weight: 2, arbitrary: fc.constantFrom(...INTEGER_SPELLINGS.filter((s) => s !== '')) },
    { weight: 1, arbitrary: fc.constantFrom(...LONG_INTEGERS) },
    { weight: 1, arbitrary: hostileWire.filter((s) => s !== '') },
  );
const photoIdWire = idWire([...PATH_PHOTO_IDS, ABSENT_PHOTO]);
const commentIdWire = idWire([...COMMENTS.map((c) => c.id), ABSENT_COMMENT]);
/** A photo and a comment of it, mostly; now and then a comment of another photo, or hostile ids. */
const commentPathWire = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...COMMENTS).map((c) => `${c.story}/comment/${c.id}`) },
  { weight: 2, arbitrary: fc.constantFrom(C101, C103).map((c) => `${c.story}/comment/${c.id}`) },
  { weight: 3, arbitrary: fc.tuple(photoIdWire, commentIdWire).map(([p, c]) => `${p}/comment/${c}`) },
);

/** Id lists: seeded ids with empty elements, duplicates, other spellings; long lists either side of 100. */
const listElement = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PATH_PHOTO_IDS.map(String)) },
  { weight: 3, arbitrary: photoIdWire },
  fc.constant(''),
);
const listWire = fc.oneof(
  { weight: 8, arbitrary: fc.array(listElement, { minLength: 1, maxLength: 8 }).map((ids) => ids.join(',')) },
  { weight: 1, arbitrary: fc.array(listElement, { minLength: 1, maxLength: 4 }).map((ids) => ids.join('%2C')) },
  {
    weight: 3,
    arbitrary: fc
      .tuple(fc.integer({ min: 98, max: 110 }), fc.boolean())
      .map(([n, withSeeded]) => [...(withSeeded ? [P1.id, P2.id] : []), ...absentIds(n)].slice(0, n).join(',')),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      `${P1.id},,${P2.id}`,
      `${P1.id},`,
      `,${P1.id}`,
      ',',
      ',,',
      `${P1.id};${P2.id}`,
      `${P1.id} ${P2.id}`,
      `${P1.id}%20,${P2.id}`,
      `${P1.id},%20${P2.id}`,
      `${P1.id},+${P2.id}`,
      `${P1.id},-${P2.id}`,
      `${P1.id},0`,
      `${P1.id},-0`,
      `${P1.id},1e400`,
      `${P1.id},9007199254740993`,
      Array(150).fill(P1.id).join(','),
      [...absentIds(100), P1.id].join(','),
      [...absentIds(100), P1.id, P1.id].join(','),
      `${absentIds(101).join(',')},x`,
      '1,'.repeat(5_000),
      `${'1,'.repeat(4_999)}1`,
      `${P1.id},${P2.id},${P3.id},${P4.id},${P5.id},${P6.id}`,
    ),
  },
);

/** Gallery paths naming seeded records (or the absent ones), plainly spelled. */
const seededIds = [...PATH_PHOTO_IDS, ABSENT_PHOTO];
const seededPathWire = fc.oneof(
  fc.constantFrom(...GALLERY_PATHS),
  fc.subarray(seededIds, { minLength: 1 }).map((ids) => `/galleryphotos/${ids.join(',')}`),
  fc.subarray(seededIds, { minLength: 1 }).map((ids) => `/galleryphotos/${ids.join(',')}/comments`),
  fc.constantFrom(...seededIds).map((id) => `/galleryphoto/${id}`),
  fc.constantFrom(...seededIds).map((id) => `/galleryphoto/${id}/comments`),
  fc.constantFrom(...COMMENTS).map((c) => `/galleryphoto/${c.story}/comment/${c.id}`),
  fc.constantFrom(...COMMENTS).map((c) => `/galleryphoto/${c.story}/comment/${c.id}/replies`),
);

const galleryPathWire = fc.oneof(
  fc.constantFrom('/galleryphotos', '/galleryphotos/comments'),
  listWire.map((list) => `/galleryphotos/${list}`),
  listWire.map((list) => `/galleryphotos/${list}/comments`),
  photoIdWire.map((id) => `/galleryphoto/${id}`),
  photoIdWire.map((id) => `/galleryphoto/${id}/comments`),
  commentPathWire.map((path) => `/galleryphoto/${path}`),
  commentPathWire.map((path) => `/galleryphoto/${path}/replies`),
);

// ---------------------------------------------------------------------------------------------

const TIMEOUT = 120_000;
const PATHS = ['/errors', '/error/1001', '/containers', '/container/technology', '/stories/container/technology', ...GALLERY_PATHS];
const TYPES = ['xml', 'json', 'javascript', 'php', undefined] as const;

// ---------------------------------------------------------------------------------------------
// The short-link host (decisions.md, Views).

const visitedCode = fc.nat({ max: 2 }).map((i) => VISITED[i]!.code);
const shortLinkSegment = fc.oneof(
  { weight: 4, arbitrary: visitedCode },
  visitedCode.map(fullyEncode),
  fc
    .tuple(visitedCode, fc.constantFrom('/', '/x', 'x', '%00', '%20', '.', '%2F', '/..', ';x', '%E2%80%A8'))
    .map(([code, suffix]) => code + suffix),
  fc.tuple(fc.constantFrom('%20', '.', '..%2F', '%00', '~'), visitedCode).map(([prefix, code]) => prefix + code),
  visitedCode.map((code) => code.toLowerCase()),
  visitedCode.map((code) => code.slice(1)),
  fc.stringMatching(/^[0-9A-Za-z]{7}$/),
  segmentWire,
  hostileWire,
  longWire,
  fc.tuple(hostileWire, hostileWire).map(([a, b]) => `${a}/${b}`),
  fc.constantFrom('', '/', 'url/short/create', 'favicon.ico', 'robots.txt', '%2e%2e', '..', `${encodeURIComponent(SHORT_URL_HOST)}`),
);
/** A path on the short-link host, with a query now and then. */
const shortLinkTarget = fc
  .tuple(
    shortLinkSegment,
    fc.option(fc.oneof(hostileWire, fc.constantFrom('utm_source=x', 'q=<script>alert(1)</script>', 'x')), { nil: undefined }),
  )
  .map(([path, search]) => `/${path}${search === undefined ? '' : `?${search}`}`);
const shortLinkMethod = fc.oneof(
  { weight: 6, arbitrary: fc.constant('GET') },
  { weight: 1, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get') },
);

/** The page every miss answers, read by the first short-link test. */
let notFoundPage = '';
/** The views the tests made, per code: each GET answered with a 301 counts one. */
const views = new Map<string, number>();

/**
 * A short-link answer: a 301 to the stored link for a stored code (as sent, or maybe
 * percent-encoded), the one 404 page for anything else, never a 5xx and nothing of the request
 * told back. `bodyless`: over HTTP, where a HEAD answer has no body.
 */
function checkShortLink(path: string, verb: string, response: Invocation, bodyless = false): void {
  const raw = /^\/([^/]+)$/.exec(path.split('?')[0]!)?.[1];
  // The code as sent must be followed; a percent-encoded spelling of it may be.
  const follows = verb === 'GET' || verb === 'HEAD';
  const exact = follows ? VISITED.find((v) => v.code === raw) : undefined;
  const loose = follows && raw !== undefined ? VISITED.find((v) => v.code === decodeSegment(raw)) : undefined;
  const where = `${verb} ${JSON.stringify(path).slice(0, 200)}`;
  expect(response.statusCode).toBeLessThan(500);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  const hostile = [path, decodeSegment(path), ...path.split(/[/?&=]/)].filter((text) => text.length > 3 && !isLegitimate(text));
  try {
    checkHeaders(response.headers, SHORT_LINK_HEADERS, hostile);
  } catch (error) {
    throw new Error(`${where}: ${(error as Error).message}`);
  }
  if (response.statusCode === 301) {
    const followed = exact ?? loose;
    if (followed === undefined) throw new Error(`${where}: 301 to ${response.headers.location} for no stored code`);
    expect(response.headers.location).toBe(followed.link);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toBe('');
    // HEAD is followed but not counted.
    if (verb === 'GET') views.set(followed.code, (views.get(followed.code) ?? 0) + 1);
    return;
  }
  if (exact !== undefined) throw new Error(`${where}: ${response.statusCode} for the stored code ${exact.code}`);
  if (response.statusCode !== 404) throw new Error(`${where}: status ${response.statusCode}`);
  expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(response.headers.location).toBeUndefined();
  // The one page, whatever the path: nothing of the request is told back.
  expect(response.body).toBe(bodyless && verb === 'HEAD' ? '' : notFoundPage);
}

/** Each 301 counted exactly one view, and nothing else counted any. */
async function expectViewCounts(): Promise<void> {
  expect(views.size).toBeGreaterThan(0);
  for (const stored of VISITED) {
    const lookup = await invoke(`/url/short/${stored.code}?${KEY_ARGUMENT}&type=json`);
    const entry = (JSON.parse(lookup.body) as { shorturls: Array<{ view_count: number }> }).shorturls[0]!;
    expect(entry.view_count).toBe(views.get(stored.code) ?? 0);
  }
}

// ---------------------------------------------------------------------------------------------
// Over HTTP: the local server `npm start` runs, sent raw bytes with node:net. API Gateway hands
// the functions only requests it could parse; the local server gets whatever a client sends,
// and Node's parser answers some of it before the server's code sees it.

/** Where each local server listens, once the HTTP tests have started them. */
const servers: { api?: LocalServer; shortLinks?: LocalServer } = {};
/** The authority an absolute-form target names (RFC 9112, 3.2.2: the server takes its path). */
const ABSOLUTE_AUTHORITY = 'api.hostile.test:8080';

/** What came back on a connection: the status line's code, the headers (names in lower case), the body. */
interface HttpAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer;
}

/**
 * Sends `bytes` on a connection of its own (the request asks to close it) and reads until the
 * server closes it: undefined when it closed without answering, an error when it did not close
 * within 10 s (a hang). The connection stays open for writing: Node's server drops requests
 * still in progress when the client ends its side first.
 */
function exchange(server: LocalServer, bytes: Buffer): Promise<HttpAnswer | undefined> {
  return new Promise((resolve, reject) => {
    // All from 127.0.0.1: the HTTP properties create no short URL, so no rate limit meets them.
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
    const chunks: Buffer[] = [];
    let failure: Error | undefined;
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('no answer within 10 s'));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // Node answers a head it refuses at once and closes, maybe before all of it was written.
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      const received = Buffer.concat(chunks);
      if (received.length === 0) return failure ? reject(failure) : resolve(undefined);
      const end = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received.subarray(0, Math.max(0, end)).toString('latin1').split('\r\n');
      const status = /^HTTP\/1\.1 ([0-9]{3}) /.exec(statusLine);
      if (end === -1 || !status)
        return reject(new Error(`not an HTTP answer: ${JSON.stringify(received.toString('latin1').slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
      }
      resolve({ status: Number(status[1]), headers, body: received.subarray(end + 4) });
    });
    socket.write(bytes);
  });
}

/** The request line and headers of `request` as a client sends them: raw, in UTF-8. */
function headOf(request: WireRequest): Buffer {
  const target = request.absoluteForm ? `http://${ABSOLUTE_AUTHORITY}${targetOf(request)}` : targetOf(request);
  const lines = [`${request.method} ${target} HTTP/1.1`, `Host: ${request.host ?? '127.0.0.1'}`];
  if (request.accept !== undefined) lines.push(`Accept: ${request.accept}`);
  lines.push('Connection: close');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
}

/**
 * The request as it must be sent for the server to get the one the oracle reads. CR and LF would
 * end the request line or a header (request splitting has a test of its own): in the target they
 * go percent-encoded, in a header value they become a control character that Node refuses.
 * Spaces that end the target would be taken for the separator before the version: encoded too.
 */
function asSent(request: WireRequest): WireRequest {
  const unsplit = (text: string) => text.replace(/[\r\n]/g, (c) => hex(c.charCodeAt(0)));
  const unpadded = (text: string) => text.replace(/ +$/, (spaces) => '%20'.repeat(spaces.length));
  const header = (text: string | undefined) => text?.replace(/[\r\n]/g, '\u0001');
  const last = request.query.length - 1;
  return {
    ...request,
    path: last < 0 ? unpadded(unsplit(request.path)) : unsplit(request.path),
    query: request.query.map((arg, i) => (i === last ? unpadded(unsplit(arg)) : unsplit(arg))),
    ...(request.accept === undefined ? {} : { accept: header(request.accept) }),
    ...(request.host === undefined ? {} : { host: header(request.host) }),
  };
}

/**
 * What Node's HTTP parser answers itself, before the local server's code sees the request, or
 * undefined when it passes the request on: 431 for a head past --max-http-header-size, 400 for
 * a method it does not know (methods are case-sensitive), a byte in the target that is not
 * visible ASCII (raw non-ASCII, controls, spaces), or a control character but tab in a header.
 * With both, the one the parser meets first.
 */
function parserVerdicts(method: string, target: string, headerValues: readonly string[], head: Buffer): number[] | undefined {
  const malformed =
    !METHODS.includes(method) || /[^\x21-\x7e]/.test(target) || headerValues.some((value) => /[\x00-\x08\x0a-\x1f\x7f]/.test(value));
  const tooLong = head.length >= maxHeaderSize;
  if (malformed && tooLong) return [400, 431];
  if (tooLong) return [431];
  return malformed ? [400] : undefined;
}

/** Heads this close to Node's limit may go either way (it counts the head its own way): the properties leave them out. */
const nearTheLimit = (head: Buffer): boolean => Math.abs(head.length - maxHeaderSize) < 1_024;

/** Node's own refusal: the status alone, nothing from the server's code. */
function expectParserAnswer(answer: HttpAnswer | undefined, verdicts: readonly number[]): void {
  if (answer === undefined) throw new Error('closed without an answer');
  if (!verdicts.includes(answer.status)) throw new Error(`${answer.status}, not Node's ${verdicts.join(' or ')}`);
  expect(answer.headers['content-type']).toBeUndefined();
  expect(answer.body.length).toBe(0);
}

/**
 * An answer from the server's code, as invoke() reports one: Content-Length right (for HEAD the
 * length of the body not sent), the body valid UTF-8, the connection closed as asked; then the
 * headers HTTP itself adds (Date, Connection, Content-Length) left out.
 */
function servedAnswer(answer: HttpAnswer | undefined, method: string): Invocation {
  if (answer === undefined) throw new Error('closed without an answer');
  const { date, connection, 'content-length': length, ...headers } = answer.headers;
  expect(date).toMatch(/ GMT$/);
  expect(connection).toBe('close');
  if (method === 'HEAD') {
    expect(answer.body.length).toBe(0);
    expect(length).toMatch(/^[0-9]+$/);
  } else {
    expect(Number(length)).toBe(answer.body.length);
  }
  const body = answer.body.toString('utf8');
  expect(Buffer.from(body, 'utf8').equals(answer.body)).toBe(true);
  return { statusCode: answer.status, headers, body };
}

/** Methods as a client may send them over HTTP: the ones Node knows, and ones it refuses. */
const httpMethodWire = fc.oneof(
  { weight: 10, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'QUERY', 'PROPFIND') },
  { weight: 1, arbitrary: fc.constantFrom('get', 'Get', 'FOO', 'G ET', '', 'GET\u0000') },
);

/** Host headers: absent (the server's address), empty, wrong, markup, controls, long. */
const hostWire = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'evil.test',
      'api.test:99999',
      '<script>alert(1)</script>',
      'a b',
      '127.0.0.1:3001',
      `${'h'.repeat(300)}.test`,
      '[::1]',
      'xn--bcher-kva.test',
    ),
  },
  { weight: 1, arbitrary: hostileWire },
  { weight: 1, arbitrary: controlText },
);

/** A short URL made for these tests, from an app key and address of its own. */
async function makeShortUrl(link: string): Promise<StoredShortUrl> {
  const key = encodeURIComponent(`http://k-${randomUUID()}.hostile.app/`);
  const response = await invoke(`/url/short/create?appkey=${key}&type=json&url=${encodeURIComponent(link)}`, { sourceIp: nextAddress() });
  expect(response.statusCode).toBe(200);
  const entry = (JSON.parse(response.body) as { shorturls: Array<{ link: string; short_url: string; itemid: number }> }).shorturls[0]!;
  LEGITIMATE_TEXT.push(entry.link, entry.short_url);
  return { code: entry.short_url.slice(SHORT_URL_HOST.length + 1), link: entry.link, short_url: entry.short_url, itemid: entry.itemid };
}

describe('hostile input: every route, every type, never a 5xx, always a parseable catalogue answer', () => {
  beforeAll(async () => {
    await storeSeeds();
    for (let i = 0; i < 3; i++) STORED.push(await makeShortUrl(`https://news.test/${randomUUID()}/looked-up?i=${i}`));
    for (let i = 0; i < 3; i++) VISITED.push(await makeShortUrl(`https://news.test/${randomUUID()}/visited?i=${i}&a='b'`));
    notFoundPage = (await invokeShortLink('/')).body;
  });

  afterAll(removeSeeds);

  it(
    'arbitrary bytes and unicode in every argument, argument name and path segment',
    async () => {
      const arb = requests({
        args: [
          appkeyArgument,
          optional(argument(fc.constant('type'), typeWire)),
          optional(argument(fc.constant('callback'), callbackWire)),
        ],
        extra: argument(nameWire, hostileWire),
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    'hostile path segments, with an otherwise valid request, find nothing but what they name',
    async () => {
      const arb = requests({
        method: fc.constant('GET'),
        path: fc.oneof(
          { weight: 3, arbitrary: segmentWire.map((s) => `/error/${s}`) },
          { weight: 3, arbitrary: segmentWire.map((s) => `/container/${s}`) },
          segmentWire.map((s) => `/${s}`),
          segmentWire.map((s) => `/errors/${s}`),
          fc.tuple(segmentWire, segmentWire).map(([a, b]) => `/container/${a}/${b}`),
          segmentWire.map((s) => `/galleryphoto/${s}`),
          segmentWire.map((s) => `/galleryphotos/${s}`),
          fc.tuple(segmentWire, segmentWire).map(([a, b]) => `/galleryphoto/${a}/comment/${b}`),
        ),
        args: [
          fc.constant(KEY_ARGUMENT),
          optional(argument(fc.constant('type'), fc.constantFrom(...VALID_TYPES))),
          argument(fc.constant('callback'), validCallback),
        ],
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    'callback injection: a valid callback is called exactly once, anything else is the alert of 1002/1003',
    async () => {
      // Lengths around the 128-character limit, plain and dotted.
      const longCallback = fc
        .tuple(fc.integer({ min: 100, max: 260 }), fc.constantFrom('x', 'a.', '$_'))
        .map(([length, pattern]) => `Z${pattern.repeat(length)}`.slice(0, length));
      const callbacks = fc.oneof(
        validCallback,
        validCallback.map(percentEncode),
        longCallback,
        injectionWire,
        encoded(unicodeText),
        fc.constantFrom('', 'a%E2%80%A8b', '%C3%B1ame', 'a%2Eb'),
      );
      const arb = requests({
        args: [
          appkeyArgument,
          argument(fc.constant('type'), fc.constantFrom('javascript', 'JavaScript', 'JAVASCRIPT')),
          optional(argument(fc.constant('callback'), callbacks)),
        ],
        extra: argument(fc.constantFrom('callback', 'foo', 'type'), hostileWire),
        maxExtra: 1,
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    'control characters in values, names, path segments and Accept',
    async () => {
      const controls = fc.oneof(
        controlWire,
        controlText.map((t) => `json${t}`).map(rawEncode),
        controlText.map((t) => `cb${t}`).map(percentEncode),
      );
      const arb = requests({
        path: pathWire(controlWire.filter((s) => s !== '')),
        args: [
          optional(
            argument(
              fc.constant('appkey'),
              fc.oneof(
                fc.constant(KEY),
                controls,
                controlText.map((t) => rawEncode(APP_KEY + t)),
              ),
            ),
          ),
          optional(argument(fc.constant('type'), fc.oneof(typeValue, controls))),
          optional(argument(fc.constant('callback'), fc.oneof(validCallback, controls))),
        ],
        extra: argument(fc.oneof(controlWire, controlText.map((t) => `type${t}`).map(rawEncode)), controlWire),
        accept: fc.oneof(
          acceptWire,
          controlText.map((accept) => ({ accept })),
        ),
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    'repeated arguments: the first value of each name wins',
    async () => {
      const repeated = fc
        .tuple(
          fc.constantFrom('type', 'callback', 'appkey', 'foo', 'TYPE', 'count', 'sort', 'min_submit_date'),
          fc.array(fc.oneof(typeValue, validCallback, appkeyWire, hostileWire, countWire, sortWire, dateWire), {
            minLength: 2,
            maxLength: 8,
          }),
        )
        .map(([name, values]) => values.map((value) => `${name}=${value}`).join('&'));
      const arb = requests({
        args: [
          appkeyArgument,
          optional(argument(fc.constant('type'), typeValue)),
          optional(argument(fc.constant('callback'), validCallback)),
        ],
        extra: repeated,
        maxExtra: 3,
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    'very long (10 000-character) values, names, path segments and Accept headers',
    async () => {
      const arb = requests({
        path: pathWire(sometimesLong(segmentWire)),
        args: [
          optional(argument(fc.constant('appkey'), sometimesLong(appkeyWire))),
          optional(argument(fc.constant('type'), sometimesLong(typeWire))),
          optional(argument(fc.constant('callback'), sometimesLong(callbackWire))),
        ],
        extra: argument(sometimesLong(nameWire), sometimesLong(hostileWire)),
        maxExtra: 2,
        accept: fc.oneof(
          acceptWire,
          longText.map((accept) => ({ accept })),
        ),
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    'no type argument: the Accept header, well-formed or hostile, picks the type',
    async () => {
      const arb = requests({
        args: [appkeyArgument, optional(argument(fc.constant('callback'), callbackWire))],
        extra: argument(nameWire, hostileWire),
        maxExtra: 1,
        accept: fc.oneof(
          fc.constantFrom(...ACCEPTS).map(([accept, acceptType]) => ({ accept, acceptType })),
          hostileAccept.map((accept) => ({ accept })),
        ),
      });
      await assertHostileRequests(arb, 200);
    },
    TIMEOUT,
  );

  it(
    '/url/short/create: a hostile `url` is 1016, a valid http(s) one a record of its normalised link',
    async () => {
      const arb = requests({
        method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
        path: fc.oneof(
          { weight: 12, arbitrary: fc.constant('/url/short/create') },
          { weight: 1, arbitrary: fc.constantFrom('/url/short/create/', '/url/short/Create', '/url/short/create%20') },
        ),
        args: [
          argument(fc.constant('appkey'), testKeyWire),
          optional(argument(fc.constant('type'), typeValue)),
          optional(argument(fc.constant('callback'), validCallback)),
          optional(argument(fc.constant('url'), createUrlWire)),
        ],
        // A second `url` (the first value wins) more often than an unknown argument.
        extra: argument(fc.constantFrom('url', 'url', 'url', 'URL', 'link'), urlWire),
        maxExtra: 1,
      });
      answers.clear();
      await assertHostileRequests(arb, 250);
      expect(answered('create:shorturls')).toBeGreaterThan(20);
      expect(answered('create:1016')).toBeGreaterThan(20);
    },
    TIMEOUT,
  );

  it(
    '/url/short/{anything}: a stored short URL by its code or whole short URL, 404 for everything else',
    async () => {
      const arb = requests({
        method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
        path: fc.oneof(
          { weight: 12, arbitrary: lookupSegmentWire.map((segment) => `/url/short/${segment}`) },
          { weight: 1, arbitrary: fc.constantFrom('/url/short/', '/url/short', '/url//short/x', '/url/short//') },
        ),
        args: [
          fc.oneof({ weight: 6, arbitrary: fc.constant(KEY_ARGUMENT) }, { weight: 1, arbitrary: appkeyArgument.map((a) => a ?? '') }),
          optional(argument(fc.constant('type'), typeValue)),
          optional(argument(fc.constant('callback'), validCallback)),
        ],
        extra: argument(fc.constantFrom('url', 'code', 'foo'), hostileWire),
        maxExtra: 1,
      });
      answers.clear();
      await assertHostileRequests(
        arb.map((request) => ({ ...request, query: request.query.filter((q) => q !== '') })),
        250,
      );
      expect(answered('lookup:shorturls')).toBeGreaterThan(10);
      expect(answered('lookup:404')).toBeGreaterThan(50);
    },
    TIMEOUT,
  );

  it(
    'the short-link host: 301 to the link for a stored code, the one 404 page for anything else, never a 5xx',
    async () => {
      const page = await invokeShortLink('/');
      expect(page.statusCode).toBe(404);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toBe(notFoundPage);
      await fc.assert(
        fc.asyncProperty(shortLinkTarget, shortLinkMethod, async (path, verb) =>
          checkShortLink(path, verb, await invokeShortLink(path, { method: verb })),
        ),
        { numRuns: 300 },
      );
      await expectViewCounts();
    },
    TIMEOUT,
  );

  it(
    'gallery arguments: hostile values, repeated and unknown arguments give the predicted error or the listing the rules select',
    async () => {
      const arb = requests({
        method: fc.oneof({ weight: 20, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
        path: fc.oneof({ weight: 6, arbitrary: seededPathWire }, { weight: 1, arbitrary: galleryPathWire }),
        args: [
          fc.oneof({ weight: 12, arbitrary: fc.constant(KEY_ARGUMENT) }, { weight: 1, arbitrary: appkeyArgument }),
          // Hostile types and callbacks are the other properties' business.
          optional(fc.constantFrom(...VALID_TYPES).map((type) => `type=${type}`)),
          validCallback.map((callback) => `callback=${callback}`),
          ...galleryArgs,
        ],
        extra: galleryExtra,
        maxExtra: 3,
      });
      answers.clear();
      await assertHostileRequests(arb, 250);
      expect(answered('gallery:gallery') + answered('gallery:events')).toBeGreaterThan(50);
      expect(answered('gallery:entries')).toBeGreaterThan(12);
      for (const code of [1001, 1006, 1017, 1026]) expect([code, answered(`gallery:${code}`) > 3]).toEqual([code, true]);
      for (const code of [1007, 404]) expect([code, answered(`gallery:${code}`) > 0]).toEqual([code, true]);
    },
    TIMEOUT,
  );

  it(
    'gallery paths: hostile ids and id lists are 1026, long lists 1007, unknown ids 404, anything else the listing',
    async () => {
      const arb = requests({
        method: fc.constant('GET'),
        path: fc.oneof(
          { weight: 6, arbitrary: galleryPathWire.filter((path) => path.split('/').length > 2 && path !== '/galleryphotos/comments') },
          {
            weight: 1,
            arbitrary: fc.tuple(fc.constantFrom('/galleryphotos/', '/galleryphoto/'), longWire).map(([prefix, long]) => prefix + long),
          },
        ),
        args: [
          fc.constant(KEY_ARGUMENT),
          optional(fc.constantFrom(...VALID_TYPES).map((type) => `type=${type}`)),
          validCallback.map((callback) => `callback=${callback}`),
          optional(fc.constantFrom(...SORTS).map((sort) => `sort=${sort}`)),
          optional(fc.integer({ min: 1, max: 100 }).map((count) => `count=${count}`)),
          optional(fc.nat(4).map((offset) => `offset=${offset}`)),
        ],
      });
      answers.clear();
      await assertHostileRequests(arb, 350);
      expect(answered('gallery:1026')).toBeGreaterThan(30);
      expect(answered('gallery:1007')).toBeGreaterThan(3);
      expect(answered('gallery:404')).toBeGreaterThan(5);
      expect(answered('gallery:entries')).toBeGreaterThan(25);
      for (const endpoint of ['photosByIds', 'photo', 'photosComments', 'photoComments', 'comment', 'replies'])
        expect([endpoint, answered(`${endpoint}:entries`) > 0]).toEqual([endpoint, true]);
    },
    TIMEOUT,
  );

  it(
    'gallery date windows: the five rules, 1006 for max before min, 1020 past 30 days without ids',
    async () => {
      // Bounds around the seeded dates and either side of 30 days apart; sometimes hostile.
      const spans = fc.oneof(
        fc.constantFrom(-1, 0, 1, THIRTY_DAYS - 1, THIRTY_DAYS, THIRTY_DAYS + 1, 40 * DAY),
        fc.integer({ min: -THIRTY_DAYS, max: 2 * THIRTY_DAYS }),
      );
      const bounds = fc
        .tuple(
          fc.oneof(
            seededDates,
            fc.constantFrom(
              ...PHOTOS.map((p) => p.submit_date),
              ...COMMENTS.map((c) => c.date),
              0,
              THIRTY_DAYS - 1,
              MAX_DATE - THIRTY_DAYS,
            ),
          ),
          spans,
          fc.nat(3),
        )
        .map(([min, span, which]) => [
          which === 1 ? undefined : `min_submit_date=${min}`,
          which === 2 ? undefined : `max_submit_date=${min + span}`,
        ]);
      const arb = fc
        .tuple(
          fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom('/galleryphotos', '/galleryphotos/comments') },
            { weight: 3, arbitrary: fc.constantFrom(...GALLERY_PATHS.slice(2)) },
          ),
          bounds,
          fc.constantFrom(...SORTS),
          fc.constantFrom(undefined, 'xml', 'json', 'javascript', 'php'),
          fc.option(fc.tuple(fc.constantFrom('min_submit_date', 'max_submit_date'), dateWire), { nil: undefined, freq: 5 }),
        )
        .map(
          ([path, [min, max], sort, type, again]): WireRequest => ({
            method: 'GET',
            path,
            query: [
              KEY_ARGUMENT,
              'callback=cb',
              `sort=${sort}`,
              'count=100',
              ...(type ? [`type=${type}`] : []),
              ...[min, max, again?.join('=')].filter((a): a is string => a !== undefined),
            ],
          }),
        );
      answers.clear();
      await assertHostileRequests(arb, 250);
      expect(answered('gallery:1006')).toBeGreaterThan(3);
      expect(answered('gallery:1020')).toBeGreaterThan(3);
      expect(answered('gallery:entries')).toBeGreaterThan(40);
    },
    TIMEOUT,
  );

  it(
    'every gallery argument and every path id, spelled every hostile way, on every gallery route and type',
    async () => {
      const pendingPhp: PendingPhp[] = [];
      let n = 0;
      const base = (): string[] => {
        const type = TYPES[n++ % TYPES.length];
        return [KEY_ARGUMENT, ...(type ? [`type=${type}`] : []), 'callback=cb'];
      };
      const requestsOf: WireRequest[] = [];
      // Every spelling in every argument, on the routes in turn (they share the arguments' code).
      GALLERY_ARGUMENTS.forEach((name, a) => {
        const values = [...INTEGER_SPELLINGS, ...LONG_INTEGERS, ...(name === 'sort' ? [...SORT_SPELLINGS, ...SORTS] : [])];
        values.forEach((value, v) => {
          requestsOf.push({ method: 'GET', path: GALLERY_PATHS[(a + v) % GALLERY_PATHS.length]!, query: [...base(), `${name}=${value}`] });
        });
      });
      for (const path of GALLERY_PATHS) {
        for (const name of GALLERY_ARGUMENTS) {
          requestsOf.push(
            { method: 'GET', path, query: [...base(), name] },
            { method: 'GET', path, query: [...base(), `${name}=1`, `${name}=x`] },
          );
        }
        // Each id of the path in every spelling.
        for (const m of path.matchAll(/[0-9]{16}/g)) {
          const id = m[0];
          const spellings = [...INTEGER_SPELLINGS.filter((s) => s !== ''), ...LONG_INTEGERS, ...ID_SPELLINGS.map((spell) => spell(id))];
          for (const spelling of spellings)
            requestsOf.push({ method: 'GET', path: path.slice(0, m.index) + spelling + path.slice(m.index + id.length), query: base() });
        }
      }
      const lists = [
        `${P1.id},,${P2.id}`,
        `${P1.id},`,
        `,${P1.id}`,
        ',',
        `${P1.id}%2C${P2.id}`,
        absentIds(100).join(','),
        absentIds(101).join(','),
        [...absentIds(100), P1.id, P1.id, P1.id].join(','),
        Array(150).fill(P1.id).join(','),
        '1,'.repeat(5_000),
        `${'1,'.repeat(4_999)}1`,
        `${absentIds(101).join(',')},x`,
        `${ABSENT_PHOTO},${P1.id}`,
      ];
      for (const list of lists) {
        requestsOf.push(
          { method: 'GET', path: `/galleryphotos/${list}`, query: base() },
          { method: 'GET', path: `/galleryphotos/${list}/comments`, query: base() },
        );
      }
      answers.clear();
      for (const request of requestsOf) await checkRequest(request, pendingPhp);
      verifyPhp(pendingPhp);
      for (const code of [1006, 1007, 1017, 1026, 404]) expect([code, answered(`gallery:${code}`) > 5]).toEqual([code, true]);
      expect(answered('gallery:entries')).toBeGreaterThan(60);
    },
    TIMEOUT,
  );

  // Regression (fixed in ace4b1f): with only min_submit_date, /galleryphotos and
  // /galleryphotos/comments take the 30 days from it; for a min_submit_date of 99997408000 or more
  // the window's end has 12 digits, and lib/gallery/dynamodb.ts padded dates to 11, so the upper
  // bound of the BETWEEN sorted below the lower one and DynamoDB refused the query: 500.
  it('a min_submit_date within 30 days of the largest date is an empty listing, not a 500', async () => {
    const pendingPhp: PendingPhp[] = [];
    for (const path of ['/galleryphotos', '/galleryphotos/comments']) {
      for (const min of ['99997408000', '99999999999']) {
        for (const sort of ['submit_date-desc', 'digg_count-asc']) {
          await checkRequest(
            { method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', `sort=${sort}`, `min_submit_date=${min}`] },
            pendingPhp,
          );
        }
      }
    }
  });

  // Regression (fixed in ace4b1f): with a date sort, /galleryphotos and /galleryphotos/comments
  // asked DynamoDB for offset + count items at once (`Limit`), and a Limit past 2^31 - 1 fails:
  // 500 for e.g. offset=2147483638, or offset=9007199254740991, which decisions.md allows.
  it('an offset past 2^31 with a date sort is an empty page, not a 500', async () => {
    const pendingPhp: PendingPhp[] = [];
    for (const path of ['/galleryphotos', '/galleryphotos/comments']) {
      for (const offset of ['2147483638', '9007199254740991']) {
        await checkRequest({ method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', `offset=${offset}`] }, pendingPhp);
      }
    }
  });

  // Regression (fixed in ace4b1f): with only max_submit_date the window is the 30 days before it,
  // and for a max_submit_date below 2592000 min_date was negative (e.g. -2591995 for
  // max_submit_date=5), a date the API itself refuses as min_submit_date (1006, minimum 0).
  it('min_date is never before the epoch: a max_submit_date within 30 days of it', async () => {
    const pendingPhp: PendingPhp[] = [];
    for (const path of ['/galleryphotos', '/galleryphotos/comments']) {
      for (const max of ['0', '5', String(THIRTY_DAYS - 1)]) {
        await checkRequest({ method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', `max_submit_date=${max}`] }, pendingPhp);
      }
    }
  });

  it(
    'the spec examples of invalid UTF-8, in every position of every route and type',
    async () => {
      const pendingPhp: PendingPhp[] = [];
      for (const bytes of ['%FF%FE', '%C0%80', '%ED%A0%80']) {
        for (const route of PATHS) {
          for (const type of TYPES) {
            const base = [KEY_ARGUMENT, ...(type ? [`type=${type}`] : []), 'callback=cb'];
            const variants: WireRequest[] = [
              { method: 'GET', path: route, query: [`appkey=${bytes}`, ...base.slice(1)] },
              { method: 'GET', path: route, query: [...base.filter((a) => !a.startsWith('callback')), `callback=${bytes}`] },
              { method: 'GET', path: route, query: [...base, `${bytes}=1`] },
              { method: 'GET', path: route, query: [...base, `x=${bytes}`] },
              { method: 'GET', path: `${route.replace(/\/[^/]*$/, '')}/${bytes}`, query: base },
              { method: 'GET', path: route, query: base.filter((a) => !a.startsWith('type')).concat(`type=${bytes}`) },
              // Gallery routes: in each argument, and in each id of the path.
              ...(route.startsWith('/gallery')
                ? [
                    ...GALLERY_ARGUMENTS.map((name): WireRequest => ({ method: 'GET', path: route, query: [...base, `${name}=${bytes}`] })),
                    ...[...route.matchAll(/[0-9]+/g)].map(
                      (m): WireRequest => ({
                        method: 'GET',
                        path: route.slice(0, m.index) + bytes + route.slice(m.index + m[0].length),
                        query: base,
                      }),
                    ),
                  ]
                : []),
            ];
            for (const request of variants) await checkRequest(request, pendingPhp);
          }
        }
      }
      verifyPhp(pendingPhp);
      expect(pendingPhp.length).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it('type=json&type=xml answers JSON on every route (the first value wins)', async () => {
    for (const path of PATHS) {
      const request: WireRequest = { method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', 'type=xml'] };
      expect(expectedKind(request)).toBe('json');
      await checkRequest(request, []);
    }
  });

  // lib/http/callback.ts once accepted every name the decisions' pattern matches, reserved words
  // included, and answered e.g. `/**/while({...});`, a script that hangs the page.
  it('refuses the callbacks no page can define (reserved words, undefined, NaN, Infinity) with the 1003 alert', async () => {
    const called: string[] = [];
    for (const callback of UNCALLABLE) {
      const response = await invokeFresh({
        method: 'GET',
        path: '/errors',
        query: [KEY_ARGUMENT, 'type=javascript', `callback=${callback}`],
      });
      if (response.body !== `alert(${JSON.stringify(CATALOGUE.get(1003))});`)
        called.push(`${callback} -> ${response.body.slice(0, 30)}...`);
    }
    expect(called).toEqual([]);
  });

  // The pipeline once kept the callback on the Lambda context and set it only when it validated
  // one, so that on a reused context a request whose callback was missing or invalid answered
  // with the previous request's callback instead of the alert.
  it('answers a missing callback with the 1002 alert whatever an earlier request asked for', async () => {
    await invoke(`/errors?appkey=${KEY}&type=javascript&callback=earlier.request`);
    const missing = await invoke(`/errors?appkey=${KEY}&type=javascript`);
    expect(missing.body).toBe(`alert(${JSON.stringify(CATALOGUE.get(1002))});`);
    const invalid = await invoke(`/error/1001?appkey=${KEY}&type=javascript&callback=a-b`);
    expect(invalid.body).toBe(`alert(${JSON.stringify(CATALOGUE.get(1003))});`);
  });

  // API Gateway refuses a request whose request line and headers pass 10 240 bytes (its HTTP API
  // quota), and Node one whose head passes 16 KiB, so the properties' 10 000-character values
  // (up to 60 000 bytes percent-encoded) already lie past what a deployed function is sent. A
  // function can still be invoked otherwise (the console, the CLI, a test event); these values,
  // ten and a hundred times longer, must get the same answers, and at once: any work growing
  // faster than the input would take minutes here.
  it(
    'values far past what API Gateway lets through (100 000 characters, a 1 MB query) get the same answers, at once',
    async () => {
      const pendingPhp: PendingPhp[] = [];
      const huge = ['x'.repeat(100_000), '%FF'.repeat(100_000), percentEncode('<é>\u0000\u2028'.repeat(20_000)), '9'.repeat(100_000)];
      let n = 0;
      // Each position of each route once, the values in turn, the types in turn.
      const next = (): [string, string[]] => {
        const type = TYPES[n % TYPES.length];
        return [huge[n++ % huge.length]!, [KEY_ARGUMENT, ...(type ? [`type=${type}`] : []), 'callback=cb']];
      };
      const requestsOf: WireRequest[] = [];
      for (const path of [...PATHS, '/url/short/create', '/url/short/AbC1234']) {
        const own = path.startsWith('/gallery') ? GALLERY_ARGUMENTS : path === '/url/short/create' ? ['url'] : [];
        const positions: Array<(value: string, base: string[]) => WireRequest> = [
          (value, base) => ({ method: 'GET', path, query: [`appkey=${value}`, ...base.slice(1)] }),
          (value) => ({ method: 'GET', path, query: [KEY_ARGUMENT, `type=${value}`] }),
          (value) => ({ method: 'GET', path, query: [KEY_ARGUMENT, 'type=javascript', `callback=${value}`] }),
          (value, base) => ({ method: 'GET', path, query: [...base, `${value}=1`] }),
          (value, base) => ({ method: 'GET', path, query: [...base, `x=${value}`] }),
          (value, base) => ({ method: 'GET', path, query: base.filter((a) => !a.startsWith('type=')), accept: decodeSegment(value) }),
          ...own.map(
            (name) =>
              (value: string, base: string[]): WireRequest => ({ method: 'GET', path, query: [...base, `${name}=${value}`] }),
          ),
        ];
        // Each path parameter: codes, names, ids and id lists.
        for (const m of path.matchAll(/\/(?:[0-9][0-9,]*|technology|AbC1234)(?=\/|$)/g)) {
          positions.push((value, base) => ({
            method: 'GET',
            path: `${path.slice(0, m.index)}/${value}${path.slice(m.index + m[0].length)}`,
            query: base,
          }));
        }
        for (const position of positions) requestsOf.push(position(...next()));
      }
      const list = `${'1,'.repeat(50_000)}1`;
      requestsOf.push(
        { method: 'GET', path: `/galleryphotos/${list}`, query: [KEY_ARGUMENT] },
        { method: 'GET', path: `/galleryphotos/${list}/comments`, query: [KEY_ARGUMENT] },
      );
      for (const request of requestsOf) await checkRequest(request, pendingPhp);
      // A 1 MB query: 250 000 arguments, or one value of a million bytes; an Accept header of 1 MB.
      await checkRequest(
        { method: 'GET', path: '/errors', query: [KEY_ARGUMENT, 'type=json', ...Array<string>(250_000).fill('a=1')] },
        pendingPhp,
      );
      await checkRequest(
        { method: 'GET', path: '/galleryphotos', query: [KEY_ARGUMENT, 'type=php', `count=${'%C0%AF'.repeat(170_000)}`] },
        pendingPhp,
      );
      await checkRequest(
        { method: 'GET', path: '/containers', query: [KEY_ARGUMENT], accept: 'text/x;q=0.1, '.repeat(75_000) },
        pendingPhp,
      );
      verifyPhp(pendingPhp);
      expect(pendingPhp.length).toBeGreaterThan(10);
    },
    TIMEOUT,
  );

  describe('over HTTP: the local server that npm start runs, sent raw bytes', () => {
    beforeAll(async () => {
      servers.api = await startLocalServer({ routes: ROUTES, port: 0, timeoutSeconds: 10 });
      servers.shortLinks = await startLocalServer({ routes: SHORT_LINK_ROUTES, port: 0, timeoutSeconds: 10 });
    });

    afterAll(async () => {
      await servers.api?.close();
      await servers.shortLinks?.close();
    });

    it(
      "raw bytes, odd methods, hostile Host and Accept headers, heads past Node's limit: Node's 400 or 431, else the answer the oracle expects",
      async () => {
        const arb = fc
          .tuple(
            requests({
              method: httpMethodWire,
              path: fc.oneof({ weight: 3, arbitrary: pathWire(segmentWire) }, pathWire(sometimesLong(segmentWire)), galleryPathWire),
              args: [
                appkeyArgument,
                optional(argument(fc.constant('type'), typeWire)),
                optional(argument(fc.constant('callback'), callbackWire)),
              ],
              extra: argument(sometimesLong(nameWire), sometimesLong(hostileWire)),
              maxExtra: 2,
            }),
            hostWire,
            fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
          )
          .map(([request, host, absoluteForm]) => asSent({ ...request, ...(host === undefined ? {} : { host }), absoluteForm }))
          .filter((request) => !nearTheLimit(headOf(request)));
        const pendingPhp: PendingPhp[] = [];
        const verdicts = new Map<string, number>();
        const count = (what: string) => verdicts.set(what, (verdicts.get(what) ?? 0) + 1);
        await fc.assert(
          fc.asyncProperty(arb, async (request) => {
            const head = headOf(request);
            const answer = await exchange(servers.api!, head);
            const refusal = parserVerdicts(request.method, targetOf(request), [request.host ?? '', request.accept ?? ''], head);
            if (refusal !== undefined) {
              count(`refused ${answer?.status}`);
              withTarget(request, () => expectParserAnswer(answer, refusal));
              return;
            }
            count(request.absoluteForm ? 'served absolute-form' : 'served');
            await checkRequest(request, pendingPhp, async () => servedAnswer(answer, request.method));
          }),
          { numRuns: 200 },
        );
        verifyPhp(pendingPhp);
        // Each kind of answer came up: the properties reach the server's code, and Node's refusals.
        for (const what of ['served', 'served absolute-form', 'refused 400', 'refused 431'])
          expect([what, (verdicts.get(what) ?? 0) > 5]).toEqual([what, true]);
      },
      TIMEOUT,
    );

    it(
      "the short-link host over HTTP: Node's 400 or 431, else the 301 to a stored code's link or the one 404 page",
      async () => {
        const arb = fc
          .tuple(shortLinkTarget, fc.oneof(shortLinkMethod, httpMethodWire), hostWire, fc.boolean())
          .map(([path, method, host, absoluteForm]) =>
            asSent({ method, path, query: [], ...(host === undefined ? {} : { host }), absoluteForm }),
          )
          .filter((request) => !nearTheLimit(headOf(request)));
        let served = 0;
        await fc.assert(
          fc.asyncProperty(arb, async (request) => {
            const head = headOf(request);
            const answer = await exchange(servers.shortLinks!, head);
            const refusal = parserVerdicts(request.method, request.path, [request.host ?? ''], head);
            if (refusal !== undefined) return withTarget(request, () => expectParserAnswer(answer, refusal));
            served += 1;
            checkShortLink(request.path, request.method, servedAnswer(answer, request.method), true);
          }),
          { numRuns: 150 },
        );
        expect(served).toBeGreaterThan(50);
        await expectViewCounts();
      },
      TIMEOUT,
    );

    it(
      'CONNECT, a 10 MB body, a request line split by CR LF, HTTP/1.0 without Host, an absolute-form target: never a 5xx, and the server keeps serving',
      async () => {
        const api = servers.api!;
        const raw = (text: string, body = Buffer.alloc(0)) => exchange(api, Buffer.concat([Buffer.from(text, 'latin1'), body]));
        const served = (request: WireRequest, answer: HttpAnswer | undefined) =>
          checkRequest(request, [], async () => servedAnswer(answer, request.method));
        // CONNECT is a proxy's method: Node hands it to a 'connect' listener, the server has none,
        // and Node closes the connection unanswered.
        expect(await raw('CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n')).toBeUndefined();
        // API Gateway passes bodies up to 10 MB; no GET handler reads one, and a POST is the catch-all's.
        const body = Buffer.alloc(10 * 1024 * 1024, 0xff);
        for (const method of ['GET', 'POST']) {
          const answer = await raw(
            `${method} /errors?${KEY_ARGUMENT}&type=json HTTP/1.1\r\nHost: a\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
            body,
          );
          await served({ method, path: '/errors', query: [KEY_ARGUMENT, 'type=json'] }, answer);
        }
        // A CR LF in the target ends the request line: Node reads an HTTP/0.9 `GET /errors?...` and
        // the rest as headers, and the answer is that request's; nothing injected reaches it.
        const split = await raw(
          `GET /errors?${KEY_ARGUMENT}&type=json\r\nX-Injected: <b> HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`,
        );
        await served({ method: 'GET', path: '/errors', query: [KEY_ARGUMENT, 'type=json'] }, split);
        // HTTP/1.0 needs no Host.
        await served(
          { method: 'GET', path: '/container/offbeat', query: [KEY_ARGUMENT, 'type=xml'] },
          await raw(`GET /container/offbeat?${KEY_ARGUMENT}&type=xml HTTP/1.0\r\n\r\n`),
        );
        // Regression: an absolute-form target (RFC 9112, 3.2.2: a server must take it) was routed
        // whole, `http://host/error/1014` matching no route, and answered the catch-all's 404.
        await served(
          { method: 'GET', path: '/error/1014', query: [KEY_ARGUMENT, 'type=json'] },
          await raw(
            `GET http://${ABSOLUTE_AUTHORITY}/error/1014?${KEY_ARGUMENT}&type=json HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`,
          ),
        );
      },
      TIMEOUT,
    );
  });
});
