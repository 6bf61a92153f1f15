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
 * which type, with which status), so that "no 5xx" cannot be met by answering the wrong thing.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { CONTAINERS } from '../../lib/catalog/containers';
import { config } from '../../lib/config';
import { APP_KEY, invoke, invokeShortLink, type Invocation } from '../support/invoke';
import { CONTENT_TYPE, SPEC_CATALOGUE, type ResponseType } from '../support/expect-error';
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
    'undefined NaN Infinity'
  ).split(' '),
);

const isCallable = (callback: string): boolean =>
  callback.length <= 128 && CALLBACK.test(callback) && !UNCALLABLE.has(callback.split('.')[0]!);

/** A detail after the catalogue message: an argument name, optionally with its bound. */
const SAFE_DETAIL = /^[A-Za-z0-9_.-]+( \(.*\))?$/;
const SAFE_NAME = /^[A-Za-z0-9_.-]+$/;

/** Text a body may legitimately hold whatever the input: a hostile string inside it proves nothing. */
const LEGITIMATE_TEXT: string[] = [
  ...[...CATALOGUE.values()].flatMap((message) => [message, JSON.stringify(message)]),
  ...CONTAINERS.flatMap((c) => [c.name, c.short_name, ...c.topics.flatMap((t) => [t.name, t.short_name])]),
  ...['Error', 'Errors', 'Container', 'Containers', 'Topic', 'ShortURL', 'ShortURLs'].map((name) => config.phpClassPrefix + name),
  APP_KEY,
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
  return { link: url.href, refusable: hostname(url) === hostname(SHORT_ORIGIN) };
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

const isLegitimate = (text: string): boolean =>
  /^[0-9]+$/.test(text) || LEGITIMATE_TEXT.some((legitimate) => legitimate.includes(text));

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
  | { readonly kind: 'error' | 'container' | 'lookup'; readonly segment: string };

const LOOKUP_PREFIX = '/url/short/';

/** The routes of template.yaml; everything else, and every method but GET, is the catch-all. */
function routeOf(request: WireRequest): Route {
  if (request.method !== 'GET') return { kind: 'unknown' };
  if (request.path === '/errors') return { kind: 'errors' };
  if (request.path === '/containers') return { kind: 'containers' };
  if (request.path === '/url/short/create') return { kind: 'create' };
  // `/url/short/{short_url+}`: greedy, the rest of the path decoded as one parameter.
  if (request.path.startsWith(LOOKUP_PREFIX) && request.path.length > LOOKUP_PREFIX.length) {
    return { kind: 'lookup', segment: decodeSegment(request.path.slice(LOOKUP_PREFIX.length)) };
  }
  const one = /^\/(error|container)\/([^/]+)$/.exec(request.path);
  if (one) return { kind: one[1] as 'error' | 'container', segment: decodeSegment(one[2]!) };
  return { kind: 'unknown' };
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
  | { readonly kind: 'shorturls'; readonly link: string; readonly short_url?: string; readonly itemid?: number };

const failure = (code: number, details: ReadonlyArray<string | null> = [null]): Outcome => ({ kind: 'error', code, details });

/** 1001 names the argument when its name cannot carry markup (decisions.md, Errors). */
function unknownArgument(name: string): Outcome {
  if (!SAFE_NAME.test(name)) return failure(1001, [null]);
  return failure(1001, name.length <= 64 ? [name] : [name, null]);
}

const found = (stored: StoredShortUrl): Outcome => ({ kind: 'shorturls', link: stored.link, short_url: stored.short_url, itemid: stored.itemid });

function endpointOutcomes(route: Route, query: URLSearchParams): Outcome[] {
  const own = route.kind === 'create' ? ['url'] : [];
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
      const { link, refusable } = linkOf(query.get('url'));
      return [...(refusable ? [failure(1016, [null, 'url'])] : []), ...(link === undefined ? [] : [{ kind: 'shorturls' as const, link }])];
    }
    case 'lookup': {
      // The bare code or the whole short URL; anything else is 404.
      const named = STORED.find((stored) => route.segment === stored.code || route.segment === stored.short_url);
      if (named) return [found(named)];
      const spelled = STORED.find((stored) => spellsShortUrl(route.segment, stored.code));
      return spelled ? [failure(404), found(spelled)] : [failure(404)];
    }
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
  const downstream = endpointOutcomes(route, query);
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
    };

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
      const entries = xmlChildren(root, 'error', ['code', 'message']).map((e) => ({ code: integer(e.attributes.code), message: e.attributes.message! }));
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
      return { payload: { kind: 'shorturls', timestamp, total: integer(total), count: integer(count), offset: integer(offset), entries }, strings };
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
    return { payload: { kind: 'error', code: e.code as number, message: e.message as string, ...(status === undefined ? {} : { status }) }, strings };
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
      return { name: container.name as string, short_name: container.short_name as string, topics: (container.topics as unknown[]).map(topic) };
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

function matches(payload: Payload, outcome: Outcome, type: Kind): boolean {
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
      return JSON.stringify(payload.entries.map((c) => c.short_name)) === JSON.stringify(want) && payload.entries.every((c) => c.topics.length > 0);
    }
    case 'shorturls': {
      if (payload.kind !== 'shorturls' || payload.total !== 1 || payload.count !== 1 || payload.offset !== 0 || payload.entries.length !== 1) return false;
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
  if (payload.kind === 'errors' || payload.kind === 'containers' || payload.kind === 'shorturls') {
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

  const outcomes = expectedOutcomes(request, type);
  if (!outcomes.some((outcome) => matches(payload, outcome, type))) {
    throw new Error(`answered ${JSON.stringify(payload).slice(0, 300)}; expected one of ${JSON.stringify(outcomes)}`);
  }
  const answered = `${routeOf(request).kind}:${payload.kind === 'error' ? payload.code : payload.kind}`;
  answers.set(answered, (answers.get(answered) ?? 0) + 1);
  const error = payload.kind === 'error' || payload.kind === 'alert';
  const code = payload.kind === 'error' ? payload.code : 0;
  expect(statusCode).toBe(type === 'javascript' || !error ? 200 : statusFor(code));

  for (const hostile of hostileInputs(request)) {
    if (hostile === detail) continue; // a safe argument name, told back by design
    const echo = parsed.strings.find((text) => !recordTexts.has(text) && text.includes(hostile));
    if (echo !== undefined) throw new Error(`input ${JSON.stringify(hostile).slice(0, 100)} echoed in ${JSON.stringify(echo).slice(0, 200)}`);
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
 * invoke() of test/support, but with a fresh Lambda context for each request, as the Lambda
 * runtime makes one per invocation. invoke() shares one context object between all requests, and
 * the pipeline keeps per-request state on it that it does not reset (see the leak test below),
 * which would let one generated request answer with the callback of an earlier one.
 */
function invokeFresh(request: WireRequest): Promise<Invocation> {
  const headers: Record<string, string> = request.accept === undefined ? {} : { accept: request.accept };
  return invoke(targetOf(request), { method: request.method, headers, sourceIp: nextAddress() });
}

/** One request through the real handler; PHP bodies are kept for one unserialize() batch. */
async function checkRequest(request: WireRequest, pendingPhp: PendingPhp[]): Promise<void> {
  const response = await invokeFresh(request);
  withTarget(request, () => {
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const type = KINDS.find((kind) => CONTENT_TYPES[kind] === response.headers['content-type']);
    if (type === undefined) throw new Error(`Content-Type ${response.headers['content-type']}`);
    const expected = expectedKind(request);
    if (expected !== undefined) expect(type).toBe(expected);
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
  pending.forEach(({ request, statusCode, body }, i) =>
    withTarget(request, () => {
      const answer = answers[i]!;
      expect(answer.error).toBeUndefined();
      expect(answer.serialized).toBe(body);
      verify(request, statusCode, 'php', fromObject(answer.value, 'php'));
    }),
  );
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

/** Only what would change the request's structure encoded: controls, non-ASCII, lone surrogates go raw. */
const rawEncode = (text: string): string => text.replace(/[%&=+#?/]/g, (c) => hex(c.charCodeAt(0)));

const encoded = (text: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.tuple(text, fc.boolean()).map(([t, raw]) => (raw ? rawEncode(t) : percentEncode(t)));

const INVALID_UTF8 = ['%FF%FE', '%C0%80', '%ED%A0%80', '%ED%B0%80', '%F8%88%80%80%80', '%E0%80', '%C3', '%F4%90%80%80', '%80%80', '%', '%G1', '%%41', '%u0041'];

const byteWire = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 255 }).map(hex), fc.constantFrom(...INVALID_UTF8), fc.constantFrom('a', 'Z', '0', '.', '-', '~', '_')), { minLength: 1, maxLength: 24 })
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
  'alert(1)//', 'a;b', 'a\u2028b', 'a.b.', '.a', 'a..b', '1a', 'a-b', '</script>', '<script>alert(1)</script>',
  'a'.repeat(200), 'b'.repeat(129), 'c.'.repeat(64) + 'c', 'ñame', 'λ', 'café', 'Ωmega', 'ǅ', '\u{1D49C}x', 'a=b', 'a&b',
  '"><x>', "';alert(1);//", '${x}', '`x`', '(function(){})()', 'a.b(1)', 'a[0]', 'a\u0000b', '\uFEFFa', 'a b', ' a', 'a ',
  ']]><!--', '&amp;', '&#0;', 'O:8:"stdClass":0:{}', 's:1:"a";', '{"code":1}',
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
  { weight: 1, arbitrary: fc.constantFrom('', APP_KEY, 'http://example.com/', 'http%3A%2F%2Fx.example.com', 'javascript:alert(1)', 'mailto:', 'a', 'http://') },
  { weight: 2, arbitrary: hostileWire },
);

const VALID_TYPES = ['xml', 'json', 'javascript', 'php', 'XML', 'Json', 'JavaScript', 'PHP', 'j%73on'];
const INVALID_TYPES = ['', 'html', 'jsonp', 'js', 'json ', '+json', 'json%00', 'text/xml', 'xml,json'];
const typeValue = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...VALID_TYPES) }, { weight: 1, arbitrary: fc.constantFrom(...INVALID_TYPES) });
const typeWire = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...VALID_TYPES) },
  { weight: 1, arbitrary: fc.constantFrom(...INVALID_TYPES) },
  { weight: 2, arbitrary: hostileWire },
);


const callbackWire = fc.oneof(validCallback.map(percentEncode), validCallback, injectionWire, hostileWire, fc.constantFrom('', 'callback'));

const nameWire = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('appkey', 'type', 'callback', 'TYPE', 'typ%65', 'app%6Bey', 'callback%00', 'count', 'foo', 'url', 'URL', 'ur%6C', 'a.b-c_d', '__proto__', 'constructor', 'toString', 'x'.repeat(64), 'y'.repeat(65)) },
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
  fc.constantFrom('1001', '404', '1025', '1028', 'technology', 'world_business', 'offbeat', '%31%30%30%31', 'sci%65nce', '..', '.', '01001', '1001.0', '%201001', '1001%2F', '-1', '99999999999999999999', '%2F'),
  hostileWire.filter((s) => s !== ''),
);

const pathWire = (segment: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('/errors', '/containers', '/error/1001', '/error/404', '/container/technology', '/container/offbeat') },
    fc.constantFrom('/', '/error/', '/container/', '//errors', '/errors/', '/ERRORS', '/galleryphotos', '/url/short/create', '/error', '/url/short/', '/url/short', '/url/short/create/', '/URL/short/create'),
    segment.map((s) => `/error/${s}`),
    segment.map((s) => `/url/short/${s}`),
    segment.map((s) => `/container/${s}`),
    segment.map((s) => `/${s}`),
    fc.tuple(segment, segment).map(([a, b]) => `/error/${a}/${b}`),
    segment.map((s) => `/stories/container/${s}`),
  );

const methodWire = fc.oneof({ weight: 8, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get') });

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

const ACCEPT_PIECES = ['application/json', 'text/javascript', 'application/php', 'text/xml', '*/*', 'text/*', ';q=', 'q=0', 'q=1', 'q=0.5', 'q=2', 'q=-1', 'q=abc', ';', ',', ' ', '\t', '/', '*', 'a/b', '\u0000', '\u2028', 'é'];
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
      extra: fc.oneof(fc.constant([]), fc.array(placed(parts.extra ?? fc.constant(undefined)), { maxLength: parts.extra ? (parts.maxExtra ?? 4) : 0 })),
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
  '/relative', '//news.test/x', 'news.test', 'ftp://news.test/', 'javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)',
  'mailto:a@news.test', 'data:text/html,<script>alert(1)</script>', 'file:///etc/passwd', 'ws://news.test/', 'http:', 'http://',
  'http:///x', 'https://user:pw@news.test/', 'https://user@news.test/', 'http://:@news.test/', `${SHORT_URL_HOST}/AbC1234`,
  'HTTP://127.0.0.1:3001/x', 'https://127.0.0.1:3001/', 'http://0x7f.1:3001/', 'http://2130706433:3001/', 'http://127.0.0.1.:3001/',
  'http://[::1', 'http://news test/', 'http://news.test:65536/', 'http://%zz/', 'http://a<b>/', `https://news.test/${'a'.repeat(2049)}`,
];

/** Valid links with hostile paths, queries and fragments: each is a creation, a record of its own. */
const LINK_PREFIXES = ['https://news.test/', 'HTTP://News.TEST:80/', ' http://news.test/', 'https://bücher.test/', 'http://[::1]:8080/', 'http://127.0.0.1:3002/', 'https://news.test./', 'https://@news.test/', 'https://news.test/?'];
const validLinkText = fc
  .tuple(fc.constantFrom(...LINK_PREFIXES), fc.uuid(), fc.oneof(unicodeText, controlText, fc.constantFrom(...INJECTIONS), fc.constant('')))
  .map(([prefix, id, rest]) => `${prefix}${id}/${rest}`);

/** Links refused for their scheme, credentials or host, with hostile paths after them. */
const REFUSED_PREFIXES = [
  'https://user:pw@news.test/', 'http://u@news.test/', 'https://:p@news.test/', 'ftp://news.test/', 'javascript:alert(1)//', 'file:///',
  `${SHORT_URL_HOST}/`, 'https://127.0.0.1:3001/', 'http://127.0.0.1.:3001/', 'HTTP://0177.0.0.1:3001/', 'news.test/', '/',
];
const refusedLinkText = fc
  .tuple(fc.constantFrom(...REFUSED_PREFIXES), fc.uuid(), fc.oneof(unicodeText, fc.constantFrom(...INJECTIONS), fc.constant('')))
  .map(([prefix, id, rest]) => `${prefix}${id}/${rest}`);

const urlWire = fc.oneof(
  { weight: 3, arbitrary: encoded(validLinkText) },
  { weight: 3, arbitrary: encoded(refusedLinkText) },
  { weight: 1, arbitrary: encoded(fc.constantFrom(...REFUSED_LINKS)) },
  { weight: 2, arbitrary: hostileWire },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('https://news.test/', 'http://x/'), byteWire).map(([prefix, bytes]) => `${encodeURIComponent(prefix)}${bytes}`) },
  { weight: 1, arbitrary: fc.constantFrom('', '%', 'http%3A%2F%2F', `${encodeURIComponent('https://news.test/')}${'a'.repeat(2031)}`, `${encodeURIComponent('https://news.test/')}${'a'.repeat(2030)}`) },
);

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

// ---------------------------------------------------------------------------------------------

const TIMEOUT = 120_000;
const PATHS = ['/errors', '/error/1001', '/containers', '/container/technology', '/stories/container/technology'];
const TYPES = ['xml', 'json', 'javascript', 'php', undefined] as const;

/** Every UTF-8 byte percent-encoded, letters and digits included. */
const fullyEncode = (text: string): string => [...Buffer.from(text, 'utf8')].map(hex).join('');

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
    for (let i = 0; i < 3; i++) STORED.push(await makeShortUrl(`https://news.test/${randomUUID()}/looked-up?i=${i}`));
    for (let i = 0; i < 3; i++) VISITED.push(await makeShortUrl(`https://news.test/${randomUUID()}/visited?i=${i}&a='b'`));
  });

  it('arbitrary bytes and unicode in every argument, argument name and path segment', async () => {
    const arb = requests({
      args: [appkeyArgument, optional(argument(fc.constant('type'), typeWire)), optional(argument(fc.constant('callback'), callbackWire))],
      extra: argument(nameWire, hostileWire),
    });
    await assertHostileRequests(arb, 200);
  }, TIMEOUT);

  it('hostile path segments, with an otherwise valid request, find nothing but what they name', async () => {
    const arb = requests({
      method: fc.constant('GET'),
      path: fc.oneof(
        { weight: 3, arbitrary: segmentWire.map((s) => `/error/${s}`) },
        { weight: 3, arbitrary: segmentWire.map((s) => `/container/${s}`) },
        segmentWire.map((s) => `/${s}`),
        segmentWire.map((s) => `/errors/${s}`),
        fc.tuple(segmentWire, segmentWire).map(([a, b]) => `/container/${a}/${b}`),
      ),
      args: [
        fc.constant(KEY_ARGUMENT),
        optional(argument(fc.constant('type'), fc.constantFrom(...VALID_TYPES))),
        argument(fc.constant('callback'), validCallback),
      ],
    });
    await assertHostileRequests(arb, 200);
  }, TIMEOUT);

  it('callback injection: a valid callback is called exactly once, anything else is the alert of 1002/1003', async () => {
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
  }, TIMEOUT);

  it('control characters in values, names, path segments and Accept', async () => {
    const controls = fc.oneof(controlWire, controlText.map((t) => `json${t}`).map(rawEncode), controlText.map((t) => `cb${t}`).map(percentEncode));
    const arb = requests({
      path: pathWire(controlWire.filter((s) => s !== '')),
      args: [
        optional(argument(fc.constant('appkey'), fc.oneof(fc.constant(KEY), controls, controlText.map((t) => rawEncode(APP_KEY + t))))),
        optional(argument(fc.constant('type'), fc.oneof(typeValue, controls))),
        optional(argument(fc.constant('callback'), fc.oneof(validCallback, controls))),
      ],
      extra: argument(fc.oneof(controlWire, controlText.map((t) => `type${t}`).map(rawEncode)), controlWire),
      accept: fc.oneof(acceptWire, controlText.map((accept) => ({ accept }))),
    });
    await assertHostileRequests(arb, 200);
  }, TIMEOUT);

  it('repeated arguments: the first value of each name wins', async () => {
    const repeated = fc
      .tuple(
        fc.constantFrom('type', 'callback', 'appkey', 'foo', 'TYPE'),
        fc.array(fc.oneof(typeValue, validCallback, appkeyWire, hostileWire), { minLength: 2, maxLength: 8 }),
      )
      .map(([name, values]) => values.map((value) => `${name}=${value}`).join('&'));
    const arb = requests({
      args: [appkeyArgument, optional(argument(fc.constant('type'), typeValue)), optional(argument(fc.constant('callback'), validCallback))],
      extra: repeated,
      maxExtra: 3,
    });
    await assertHostileRequests(arb, 200);
  }, TIMEOUT);

  it('very long (10 000-character) values, names, path segments and Accept headers', async () => {
    const arb = requests({
      path: pathWire(sometimesLong(segmentWire)),
      args: [
        optional(argument(fc.constant('appkey'), sometimesLong(appkeyWire))),
        optional(argument(fc.constant('type'), sometimesLong(typeWire))),
        optional(argument(fc.constant('callback'), sometimesLong(callbackWire))),
      ],
      extra: argument(sometimesLong(nameWire), sometimesLong(hostileWire)),
      maxExtra: 2,
      accept: fc.oneof(acceptWire, longText.map((accept) => ({ accept }))),
    });
    await assertHostileRequests(arb, 200);
  }, TIMEOUT);

  it('no type argument: the Accept header, well-formed or hostile, picks the type', async () => {
    const arb = requests({
      args: [appkeyArgument, optional(argument(fc.constant('callback'), callbackWire))],
      extra: argument(nameWire, hostileWire),
      maxExtra: 1,
      accept: fc.oneof(fc.constantFrom(...ACCEPTS).map(([accept, acceptType]) => ({ accept, acceptType })), hostileAccept.map((accept) => ({ accept }))),
    });
    await assertHostileRequests(arb, 200);
  }, TIMEOUT);

  it('/url/short/create: a hostile `url` is 1016, a valid http(s) one a record of its normalised link', async () => {
    const arb = requests({
      method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: methodWire }),
      path: fc.oneof({ weight: 12, arbitrary: fc.constant('/url/short/create') }, { weight: 1, arbitrary: fc.constantFrom('/url/short/create/', '/url/short/Create', '/url/short/create%20') }),
      args: [
        argument(fc.constant('appkey'), testKeyWire),
        optional(argument(fc.constant('type'), typeValue)),
        optional(argument(fc.constant('callback'), validCallback)),
        optional(argument(fc.constant('url'), urlWire)),
      ],
      // A second `url` (the first value wins) more often than an unknown argument.
      extra: argument(fc.constantFrom('url', 'url', 'url', 'URL', 'link'), urlWire),
      maxExtra: 1,
    });
    answers.clear();
    await assertHostileRequests(arb, 250);
    expect(answered('create:shorturls')).toBeGreaterThan(20);
    expect(answered('create:1016')).toBeGreaterThan(20);
  }, TIMEOUT);

  it('/url/short/{anything}: a stored short URL by its code or whole short URL, 404 for everything else', async () => {
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
    await assertHostileRequests(arb.map((request) => ({ ...request, query: request.query.filter((q) => q !== '') })), 250);
    expect(answered('lookup:shorturls')).toBeGreaterThan(10);
    expect(answered('lookup:404')).toBeGreaterThan(50);
  }, TIMEOUT);

  it('the short-link host: 301 to the link for a stored code, the one 404 page for anything else, never a 5xx', async () => {
    const page = await invokeShortLink('/');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const visited = fc.nat({ max: 2 }).map((i) => VISITED[i]!.code);
    const segment = fc.oneof(
      { weight: 4, arbitrary: visited },
      visited.map(fullyEncode),
      fc.tuple(visited, fc.constantFrom('/', '/x', 'x', '%00', '%20', '.', '%2F', '/..', ';x', '%E2%80%A8')).map(([code, suffix]) => code + suffix),
      fc.tuple(fc.constantFrom('%20', '.', '..%2F', '%00', '~'), visited).map(([prefix, code]) => prefix + code),
      visited.map((code) => code.toLowerCase()),
      visited.map((code) => code.slice(1)),
      fc.stringMatching(/^[0-9A-Za-z]{7}$/),
      segmentWire,
      hostileWire,
      longWire,
      fc.tuple(hostileWire, hostileWire).map(([a, b]) => `${a}/${b}`),
      fc.constantFrom('', '/', 'url/short/create', 'favicon.ico', 'robots.txt', '%2e%2e', '..', `${encodeURIComponent(SHORT_URL_HOST)}`),
    );
    const target = fc
      .tuple(segment, fc.option(fc.oneof(hostileWire, fc.constantFrom('utm_source=x', 'q=<script>alert(1)</script>', 'x')), { nil: undefined }))
      .map(([path, search]) => `/${path}${search === undefined ? '' : `?${search}`}`);
    const method = fc.oneof({ weight: 6, arbitrary: fc.constant('GET') }, { weight: 1, arbitrary: fc.constantFrom('POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'get') });

    const views = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(target, method, async (path, verb) => {
        const response = await invokeShortLink(path, { method: verb });
        const raw = /^\/([^/]+)$/.exec(path.split('?')[0]!)?.[1];
        // The code as sent must be followed; a percent-encoded spelling of it may be.
        const follows = verb === 'GET' || verb === 'HEAD';
        const exact = follows ? VISITED.find((v) => v.code === raw) : undefined;
        const loose = follows && raw !== undefined ? VISITED.find((v) => v.code === decodeSegment(raw)) : undefined;
        const where = `${verb} ${JSON.stringify(path).slice(0, 200)}`;
        expect(response.statusCode).toBeLessThan(500);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
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
        expect(response.body).toBe(page.body);
      }),
      { numRuns: 300 },
    );
    // Each 301 counted exactly one view, and nothing else counted any.
    expect(views.size).toBeGreaterThan(0);
    for (const stored of VISITED) {
      const lookup = await invoke(`/url/short/${stored.code}?${KEY_ARGUMENT}&type=json`);
      const entry = (JSON.parse(lookup.body) as { shorturls: Array<{ view_count: number }> }).shorturls[0]!;
      expect(entry.view_count).toBe(views.get(stored.code) ?? 0);
    }
  }, TIMEOUT);

  it('the spec examples of invalid UTF-8, in every position of every route and type', async () => {
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
          ];
          for (const request of variants) await checkRequest(request, pendingPhp);
        }
      }
    }
    verifyPhp(pendingPhp);
    expect(pendingPhp.length).toBeGreaterThan(0);
  }, TIMEOUT);

  it('type=json&type=xml answers JSON on every route (the first value wins)', async () => {
    for (const path of PATHS) {
      const request: WireRequest = { method: 'GET', path, query: [KEY_ARGUMENT, 'type=json', 'type=xml'] };
      expect(expectedKind(request)).toBe('json');
      await checkRequest(request, []);
    }
  });

  // Fails today: lib/http/callback.ts accepts every name the decisions' pattern matches, reserved
  // words included, and answers e.g. `/**/while({...});`, a script that hangs the page.
  it('refuses the callbacks no page can define (reserved words, undefined, NaN, Infinity) with the 1003 alert', async () => {
    const called: string[] = [];
    for (const callback of UNCALLABLE) {
      const response = await invokeFresh({ method: 'GET', path: '/errors', query: [KEY_ARGUMENT, 'type=javascript', `callback=${callback}`] });
      if (response.body !== `alert(${JSON.stringify(CATALOGUE.get(1003))});`) called.push(`${callback} -> ${response.body.slice(0, 30)}...`);
    }
    expect(called).toEqual([]);
  });

  // Fails today: the pipeline keeps the callback on the Lambda context and sets it only when it
  // validates one, so on a reused context (invoke() reuses one) a request whose callback is
  // missing or invalid answers with the previous request's callback instead of the alert.
  it('answers a missing callback with the 1002 alert whatever an earlier request asked for', async () => {
    await invoke(`/errors?appkey=${KEY}&type=javascript&callback=earlier.request`);
    const missing = await invoke(`/errors?appkey=${KEY}&type=javascript`);
    expect(missing.body).toBe(`alert(${JSON.stringify(CATALOGUE.get(1002))});`);
    const invalid = await invoke(`/error/1001?appkey=${KEY}&type=javascript&callback=a-b`);
    expect(invalid.body).toBe(`alert(${JSON.stringify(CATALOGUE.get(1003))});`);
  });
});
