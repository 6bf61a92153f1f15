/** Hostile requests: arguments, path segments and paths of every route, methods and Accept headers, in wire form. */
import fc from 'fast-check';
import type { ResponseType } from '../expect-error';
import { APP_KEY } from '../invoke';
import { queryOf, type WireRequest } from './requests';
import { CALLBACK, isCallable } from './rules';
import { GALLERY_PATHS, P1 } from './seeds';
import { anyWord, controlText, hostileWire, injectionWire, percentEncode, unicodeText, weighted, words } from './strings';

export const KEY = encodeURIComponent(APP_KEY);
export const KEY_ARGUMENT = `appkey=${KEY}`;

/**
 * A well-formed callback the properties leave out: one no page can define (arguments.test.ts holds each to the
 * 1003 alert; here it would mask the rest), or one whose definition in runScript's sandbox reaches Object.prototype.
 */
const leftOut = (callback: string): boolean =>
  callback.length <= 128 &&
  CALLBACK.test(callback) &&
  (!isCallable(callback) || callback.split('.').some((segment) => segment in Object.prototype));

export const validCallback = fc
  .oneof(
    fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,12}(\.[A-Za-z_$][A-Za-z0-9_$]{0,12}){0,3}$/),
    fc.constantFrom('callback', 'jQuery1234_5678', 'a.b.c', '$', '_', 'x'.repeat(128), `A.${'b'.repeat(126)}`, 'alert'),
  )
  .filter((name) => !leftOut(name));

export const appkeyWire = weighted(
  [6, [KEY]],
  [1, ['', APP_KEY, ...words('http://example.com/ http%3A%2F%2Fx.example.com javascript:alert(1) mailto: a http://')]],
  // A valid key with escapes that are not UTF-8: a lone Latin-1 byte, a broken sequence, an overlong one.
  [1, [`${KEY}%E9`, `${KEY}%C3%28`, `${KEY}x%FF`, `${KEY}%C0%AF`]],
  [2, hostileWire],
);

export const VALID_TYPES = words('xml json javascript php XML Json JavaScript PHP j%73on');
const INVALID_TYPES = ['', 'html', 'jsonp', 'js', 'json ', '+json', 'json%00', 'text/xml', 'xml,json'];
export const typeValue = weighted([4, VALID_TYPES], [1, INVALID_TYPES]);
export const typeWire = weighted([6, VALID_TYPES], [1, INVALID_TYPES], [2, hostileWire]);
export const callbackWire = fc.oneof(
  validCallback.map(percentEncode),
  validCallback,
  injectionWire,
  hostileWire,
  fc.constantFrom('', 'callback'),
);

const NAMES = words(`appkey type callback TYPE typ%65 app%6Bey callback%00 count foo url URL ur%6C a.b-c_d __proto__ constructor
  toString ${'x'.repeat(64)} ${'y'.repeat(65)}`);
const GALLERY_NAMES = words('sort offset min_submit_date max_submit_date Count c%6Funt sort%00 id list');
export const nameWire = weighted([2, NAMES], [1, GALLERY_NAMES], [3, hostileWire]);

/** `name=value`, or a bare name now and then (one in `freq`). */
export const argument = (name: fc.Arbitrary<string>, value: fc.Arbitrary<string>, freq = 8): fc.Arbitrary<string> =>
  fc.tuple(name, fc.option(value, { freq })).map(([n, v]) => (v === null ? n : `${n}=${v}`));

/** A code or container name with one hostile character before or after it, or in other case. */
const EXTRA = fc.constantFrom(' ', '\t', ...words('%20 %00 + 0 . %0A %2F %E2%80%A8 %C2%A0 %EF%BB%BF %FF'));
const nearMissSegment = fc.oneof(
  fc
    .tuple(anyWord('1001 404 1028 technology world_business offbeat'), EXTRA, fc.boolean())
    .map(([legit, extra, before]) => (before ? extra + legit : legit + extra)),
  anyWord('Technology TECHNOLOGY World_Business offbeaT Offbeat'),
);
export const segmentWire = fc.oneof(
  nearMissSegment,
  anyWord(`1001 404 1025 1028 technology world_business offbeat %31%30%30%31 sci%65nce .. . 01001 1001.0 %201001 1001%2F -1
    99999999999999999999 %2F`),
  hostileWire.filter((s) => s !== ''),
);

const P = `/galleryphoto/${P1.id}`;
export const pathWire = (segment: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: anyWord('/errors /containers /error/1001 /error/404 /container/technology /container/offbeat') },
    anyWord(`/ /error/ /container/ //errors /errors/ /ERRORS /galleryphotos /url/short/create /error /url/short/ /url/short
      /url/short/create/ /URL/short/create`),
    ...['/error/', '/url/short/', '/container/', '/'].map((prefix) => segment.map((s) => prefix + s)),
    fc.tuple(segment, segment).map(([a, b]) => `/error/${a}/${b}`),
    segment.map((s) => `/stories/container/${s}`),
    { weight: 2, arbitrary: fc.constantFrom(...GALLERY_PATHS) },
    anyWord(`/galleryphotos/ /galleryphoto /galleryphoto/ /GALLERYPHOTOS /galleryphotos/comments/ /galleryphotos//comments
      ${P}/comment ${P}/comment/ ${P}/comment//replies`),
    segment.map((s) => `/galleryphoto/${s}`),
    segment.map((s) => `/galleryphotos/${s}`),
    segment.map((s) => `/galleryphotos/${s}/comments`),
    fc.tuple(segment, segment).map(([a, b]) => `/galleryphoto/${a}/comment/${b}/replies`),
  );

export const methodWire = weighted([8, ['GET']], [1, words('POST PUT DELETE PATCH OPTIONS HEAD get')]);

/** Accept headers with the type they select (docs/api.md, `type`), each `header>type`. */
export const ACCEPTS =
  `>xml | application/json>json | text/javascript>javascript | application/php>php | text/xml>xml | */*>xml | text/html>xml
  | APPLICATION/JSON>json | application/json;q=0.5, application/php>php | text/javascript, application/json>json
  | text/*;q=0.9, application/json;q=0.8>xml | application/json;q=0, */*;q=0.1>xml | application/*;q=0.3, text/javascript;q=0.4>javascript`
    .split(/\s*\|\s*/)
    .map((pair) => pair.split('>') as [string, ResponseType]);
const ACCEPT_PIECES = words(
  'application/json text/javascript application/php text/xml */* text/* ;q= q=0 q=1 q=0.5 q=2 q=-1 q=abc ; , / * a/b é',
);
const acceptPieces = fc
  .array(fc.constantFrom(...ACCEPT_PIECES, ' ', '\t', '\u0000', '\u2028'), { maxLength: 12 })
  .map((parts) => parts.join(''));
export const hostileAccept = fc.oneof(acceptPieces, unicodeText, controlText);
type AcceptChoice = Pick<WireRequest, 'accept' | 'acceptType'>;
/** The well-formed Accept headers of ACCEPTS, with the type each selects. */
export const wellFormedAccept = fc.constantFrom(...ACCEPTS).map(([accept, acceptType]): AcceptChoice => ({ accept, acceptType }));
const hostileOnly = hostileAccept.map((accept): AcceptChoice => ({ accept }));
export const acceptWire = fc.oneof(fc.constant<AcceptChoice>({}), wellFormedAccept, hostileOnly);

type Arb<T = string> = fc.Arbitrary<T>;
/** `args`: each request's (undefined: left out), each at a random position; `extra`: up to `maxExtra` (4) more. */
type RequestParts = Readonly<{ method?: Arb; path?: Arb; args: ReadonlyArray<Arb<string | undefined>>; extra?: Arb; maxExtra?: number }> &
  Readonly<{ accept?: Arb<AcceptChoice> }>;

/** Requests from their parts, but for those whose callback is left out. */
export function requests({ method, path, args, extra, maxExtra = 4, accept }: RequestParts): fc.Arbitrary<WireRequest> {
  const placed = (arb: fc.Arbitrary<string | undefined>) => fc.tuple(fc.nat({ max: 15 }), arb);
  const extras = fc.array(placed(extra ?? fc.constant(undefined)), { maxLength: extra ? maxExtra : 0 });
  return fc
    .record({
      method: method ?? methodWire,
      path: path ?? pathWire(segmentWire),
      args: fc.tuple(...args.map(placed)),
      // No further argument half the time: any unknown one is 1001, which would hide the rest.
      extra: fc.oneof(fc.constant([]), extras),
      accept: accept ?? acceptWire,
    })
    .map(({ args, extra, accept, ...request }): WireRequest => {
      const query = [...args, ...extra].sort(([a], [b]) => a - b).flatMap(([, text]) => (text === undefined ? [] : [text]));
      return { ...request, query, ...accept };
    })
    .filter((request) => !leftOut(queryOf(request).get('callback') ?? ''));
}

export const optional = (arb: fc.Arbitrary<string>) => fc.option(arb, { nil: undefined, freq: 4 });
const optionalArg = (name: string, value: fc.Arbitrary<string>) => optional(argument(fc.constant(name), value));
export const appkeyArgument = optionalArg('appkey', appkeyWire);
/** The arguments every endpoint takes (docs/api.md), each hostile or not, each perhaps left out. */
export const COMMON_ARGUMENT_WIRES = [appkeyArgument, optionalArg('type', typeWire), optionalArg('callback', callbackWire)] as const;

/** Paths of every kind of route, for the tests that try each position of each route. */
export const PATHS = ['/errors', '/error/1001', '/containers', '/container/technology', '/stories/container/technology', ...GALLERY_PATHS];
/** Each response type, and none (the default). */
export const TYPE_CHOICES = ['xml', 'json', 'javascript', 'php', undefined] as const;
