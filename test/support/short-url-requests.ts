/**
 * Requests to the short URL endpoints (docs/api.md, Short URLs) through the real handlers, and the
 * records they answer, checked against DynamoDB Local. Links carry a random UUID and each request
 * comes from an app key and address of its own unless a test gives them, so that the rate limits
 * and other files' data cannot interfere.
 */
import { randomUUID } from 'node:crypto';
import { selectRoute } from '../../infra/local/api-event';
import { type Handler, importHandler } from '../../infra/local/invoke';
import { documentClient } from '../../lib/db/client';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { invokeHandler, typeQuery, type ResponseType } from './expect-error';
import { invoke, ROUTES, type Invocation } from './invoke';
import { loadAfresh } from './load-afresh';
import { theShortUrl } from './short-url-answer';
import { storedRecordOf } from './stored-link';

export type Client = { readonly appkey: string; readonly sourceIp: string };

/** An app key and a client address nothing else uses: its rate-limit windows are its own. */
export function newClient(): Client {
  const id = randomUUID();
  const hex = id.replace(/-/g, '');
  return { appkey: `http://t-${id}.app/`, sourceIp: `fd00:${hex.slice(0, 28).match(/.{4}/g)!.join(':')}` };
}

export const enc = encodeURIComponent;
export const uniqueLink = (path = ''): string => `https://news.test/${randomUUID()}${path}`;

/** A request's type, client (a new one unless given) and further query text (`extra`, e.g. `foo=1`). */
type Options = { readonly type?: ResponseType; readonly client?: Client; readonly extra?: string };

export function query(options: Options): string {
  const client = options.client ?? newClient();
  return [`appkey=${enc(client.appkey)}`, typeQuery(options.type ?? 'json'), ...(options.extra ? [options.extra] : [])].join('&');
}

/** GET `path` from the client's address with its key, the type and `tail`. */
function send(path: string, options: Options, tail = ''): Promise<Invocation> {
  const client = options.client ?? newClient();
  return invoke(`${path}?${query({ ...options, client })}${tail}`, { sourceIp: client.sourceIp });
}
/** GET /url/short/create; `url` undefined leaves the argument out. */
export const create = (url: string | undefined, options: Options = {}) =>
  send('/url/short/create', options, url === undefined ? '' : `&url=${enc(url)}`);
/** GET /url/short/{segment}; `segment` is put in the path as given. */
export const lookup = (segment: string, options: Options = {}) => send(`/url/short/${segment}`, options);

export const created = async (url: string, options: Options = {}): Promise<ShortUrlValue> => theShortUrl(await create(url, options));
export const looked = async (segment: string): Promise<ShortUrlValue> => theShortUrl(await lookup(segment));

const store = new DynamoShortUrlStore(documentClient, process.env.SHORT_URLS_TABLE!);
/** The record stored for a normalised link, read from DynamoDB itself. */
export const storedFor = (link: string) => storedRecordOf(store, link);

// The rate limit's settings are read when the module loads: functions/short-url-create.ts is loaded afresh with small limits.
export const loadCreate = (env: Record<string, string>): Promise<Handler> =>
  loadAfresh(env, () => importHandler('functions/short-url-create.ts', 'handler'));

/** A creation through `handler`, from `client`, of `url`. */
export async function createWith(handler: Handler, url: string, client: Client, type: ResponseType = 'json'): Promise<Invocation> {
  const target = `/url/short/create?${query({ type, client })}&url=${enc(url)}`;
  const match = selectRoute(ROUTES, 'GET', target.split('?')[0]!)!;
  expect(match.route.fn.entry).toMatch(/short-url-create/);
  return invokeHandler(handler, target, { sourceIp: client.sourceIp });
}
