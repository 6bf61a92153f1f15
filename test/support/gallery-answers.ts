/** Every gallery request made in all four types, each body decoded to one view, the views held to each other and to what a test expects. */
import { CONTENT_TYPE, DEPRECATION, expectError, TYPES, typeQuery, type ResponseType } from './expect-error';
import { type CommentView, fromTree, fromXml, type Kind, type Listing, type PhotoView } from './gallery-decode';
import { invoke, withKey, type Invocation } from './invoke';
import { parseXml, runScript, unserialize } from './parsers';

type Answers<T> = Record<ResponseType, Listing<T>>;
/** `requested`: the request time window in epoch seconds (what `timestamp` must lie in). */
type Fetched<T> = Readonly<{ listings: Answers<T>; responses: Record<ResponseType, Invocation>; requested: readonly [number, number] }>;

/** A target with `query` (may be empty), the type's arguments and the test app key. */
export const targetFor = (path: string, query: string, type: ResponseType): string =>
  withKey(`${path}?${[query, typeQuery(type)].filter(Boolean).join('&')}`);

/** Asserts error `code` with HTTP `status` (naming `detail`, when given) for the request in all four types. */
export async function expectErrorEverywhere(path: string, query: string, code: number, status: number, detail?: string): Promise<void> {
  for (const type of TYPES)
    expectError(await invoke(targetFor(path, query, type)), type, code, status, detail === undefined ? {} : { detail });
}

/** How a test sends a request: invoke(), or a function loaded with settings of its own (expect-error.ts, invokerWithEnv). */
export type Invoker = (target: string) => Promise<Invocation>;

/** The request in all four types, each answer decoded to the view after checking status 200, the headers, and count against the entries. */
async function fetchAll<T extends PhotoView | CommentView>(kind: Kind, path: string, query = '', call = invoke): Promise<Fetched<T>> {
  const before = Math.floor(Date.now() / 1000);
  const responses = {} as Record<ResponseType, Invocation>;
  for (const type of TYPES) responses[type] = await call(targetFor(path, query, type));
  const after = Math.floor(Date.now() / 1000);
  for (const type of TYPES) {
    const { statusCode, body, headers } = responses[type];
    if (statusCode !== 200) throw new Error(`${type} ${path}?${query}: HTTP ${statusCode}: ${body.slice(0, 300)}`);
    // No group has a sunset date unless the operator sets one (docs/api.md, Retirement).
    const sent = [type, headers['content-type'], headers.deprecation, 'sunset' in headers];
    expect(sent).toEqual([type, CONTENT_TYPE[type], DEPRECATION, false]);
  }
  const php = unserialize(responses.php.body);
  expect([php.error, php.serialized]).toEqual([undefined, responses.php.body]);
  const script = runScript(responses.javascript.body, 'callback');
  const wrapped = responses.javascript.body.startsWith('/**/callback(');
  expect([wrapped, script.alerts, script.calls.map((call) => call.length)]).toEqual([true, [], [1]]);
  const listings = {
    xml: fromXml(kind, parseXml(responses.xml.body)),
    json: fromTree(kind, JSON.parse(responses.json.body), false),
    javascript: fromTree(kind, script.calls[0]![0], false),
    php: fromTree(kind, php.value, true),
  } as Answers<T>;
  for (const type of TYPES) {
    const { count, items, timestamp } = listings[type];
    // count is the number of entries; the timestamp lies within the request.
    expect([type, count, before <= timestamp && timestamp <= after]).toEqual([type, items.length, true]);
  }
  return { listings, responses, requested: [before, after] };
}

export const fetchPhotos = (path: string, query = '', call?: Invoker): Promise<Fetched<PhotoView>> =>
  fetchAll<PhotoView>('gallery', path, query, call);
export const fetchComments = (path: string, query = '', call?: Invoker): Promise<Fetched<CommentView>> =>
  fetchAll<CommentView>('events', path, query, call);

/** What XML can carry of a string: characters outside XML 1.0's Char production become U+FFFD. */
export const xmlSafe = (text: string): string =>
  text.toWellFormed().replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

const xmlSafeItems = <T>(items: readonly T[]): T[] => JSON.parse(JSON.stringify(items, (_, v) => (typeof v === 'string' ? xmlSafe(v) : v)));
type ExpectedListing<T> = Readonly<{ min_date: number; max_date?: number; total: number; offset?: number; items: readonly T[] }>;

/** Every type answered exactly this (timestamp aside); XML with what it cannot carry replaced. */
export function expectListing<T>(fetched: Fetched<T>, expected: ExpectedListing<T>): void {
  // toEqual takes an undefined max_date as none.
  const { min_date, max_date, total, offset = 0, items } = expected;
  for (const type of TYPES) {
    const { timestamp: _timestamp, ...listing } = fetched.listings[type];
    const want = { min_date, max_date, total, offset, count: items.length, items: type === 'xml' ? xmlSafeItems(items) : [...items] };
    expect({ type, ...listing }).toEqual({ type, ...want });
  }
}

/** The ids each type listed, checked to be the same in every type. */
export function idsOf<T extends { id: number }>(fetched: Fetched<T>): number[] {
  const ids = fetched.listings.json.items.map((item) => item.id);
  for (const type of TYPES) expect([type, fetched.listings[type].items.map((item) => item.id)]).toEqual([type, ids]);
  return ids;
}
