/**
 * Short URLs: behaviours of docs/design-notes.md ("Short URLs") that no other
 * test pins down. Each fails when its behaviour breaks (checked by breaking lib/ in a scratch
 * copy):
 *
 * - "Lookup segment: the bare code, or the whole short URL (either scheme, on SHORT_URL_HOST's
 *   host …)": the other scheme than SHORT_URL_HOST's finds the record too.
 * - "Rate-limit answer: body code 403 (`Forbidden: appkey (at most 60 short URLs per 60 s)` or
 *   `client address …`)": the message tells which limit refused the request, and its bound.
 *
 * Links carry a random UUID, clients an app key and address of their own; the records and the
 * rate-limit windows made here are deleted afterwards.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '../../lib/db/client';
import type { ShortUrlValue } from '../../lib/resources/short-urls';
import { linkKey } from '../../lib/shorturls/link';
import { expectError, invokeHandler, TYPES, typeQuery, type ResponseType } from '../support/expect-error';
import type { Invocation } from '../support/invoke';
import { theShortUrl } from '../support/short-url-answer';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { loadAfresh } from '../support/load-afresh';
import { type Handler, importHandler } from '../../infra/local/invoke';

// Each test loads the create function afresh: past jest's 5 s on a busy machine.
jest.setTimeout(60_000);

const WINDOW = 86_400;
const enc = encodeURIComponent;

type Client = ReturnType<typeof newClient>;
function newClient() {
  const hex = randomUUID().replace(/-/g, '');
  return { appkey: `http://cov-${hex}.app/`, sourceIp: `fd01:${hex.slice(0, 28).match(/.{4}/g)!.join(':')}` };
}

/** What this file stored, to delete afterwards. */
const storedLinks = new Set<string>();
const storedCodes = new Set<string>();
const usedClients: Client[] = [];

afterAll(async () => {
  const remove = (TableName: string, pk: string) => documentClient.send(new DeleteCommand({ TableName, Key: { pk } }));
  const [shortUrls, rateLimits] = [process.env.SHORT_URLS_TABLE!, process.env.RATE_LIMITS_TABLE!];
  const deletions = [...storedLinks].map((link) => remove(shortUrls, `link#${linkKey(link)}`));
  for (const code of storedCodes) deletions.push(remove(shortUrls, `code#${code}`));
  const now = Math.floor(Date.now() / 1000);
  for (const start of new Set([now - (now % WINDOW), now - (now % WINDOW) - WINDOW])) {
    for (const ip of new Set(usedClients.map((used) => used.sourceIp))) deletions.push(remove(rateLimits, `ip#${ip}#${start}`));
  }
  await Promise.all(deletions);
});

/** functions/short-url-create.ts loaded afresh with these limits (they are read at load), in a window of a day. */
const loadCreate = (perAppKey = '1000', perClientIp = '1000'): Promise<Handler> => {
  const env = { RATE_LIMIT_PER_APP_KEY: perAppKey, RATE_LIMIT_PER_CLIENT_IP: perClientIp, RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) };
  return loadAfresh(env, () => importHandler('functions/short-url-create.ts', 'handler'));
};

async function run(handler: Handler, target: string, client: Client): Promise<Invocation> {
  usedClients.push(client);
  return invokeHandler(handler, target, { sourceIp: client.sourceIp });
}

/** A new link of its own shortened by `create` for `client`. */
const createNew = (create: Handler, client: Client, type: ResponseType = 'json'): Promise<Invocation> =>
  run(create, `/url/short/create?appkey=${enc(client.appkey)}&${typeQuery(type)}&url=${enc(`https://news.test/${randomUUID()}`)}`, client);

function recordOf(response: Invocation): ShortUrlValue {
  const record = theShortUrl(response);
  storedLinks.add(record.link);
  storedCodes.add(codeOf(record.short_url));
  return record;
}

test(`lookup by the whole short URL in either scheme: ${SHORT_URL_HOST} is the short host; its https:// spelling finds the same record, encoded or not`, async () => {
  const lookup = ((await import('../../functions/short-url')) as { handler: Handler }).handler;
  const client = newClient();
  const record = recordOf(await createNew(await loadCreate(), client));
  const origin = new URL(SHORT_URL_HOST);
  const other = `${origin.protocol === 'http:' ? 'https:' : 'http:'}//${origin.host}/${codeOf(record.short_url)}`;
  for (const segment of [enc(other), other]) {
    const response = await run(lookup, `/url/short/${segment}?appkey=${enc(client.appkey)}&type=json`, client);
    expect([segment, response.statusCode]).toEqual([segment, 200]);
    expect(JSON.parse(response.body).shorturls).toEqual([record]);
  }
});

describe('the rate limiter tells which limit refused the request, and its bound', () => {
  // The functions' clock held for the test: its creations share one window, whenever the day turns.
  beforeEach(() => {
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now);
  });
  afterEach(() => jest.restoreAllMocks());

  test('refused for the app key from one address: "Forbidden: appkey from this client address (at most N short URLs per W s)", in every type', async () => {
    const create = await loadCreate('1');
    const client = newClient();
    recordOf(await createNew(create, client));
    for (const type of TYPES) {
      const message = expectError(await createNew(create, client, type), type, 403, 503);
      expect(message).toBe(`Forbidden: appkey from this client address (at most 1 short URLs per ${WINDOW} s)`);
    }
  });

  test('refused for the client address: "Forbidden: client address (at most N short URLs per W s)"', async () => {
    const create = await loadCreate('1000', '2');
    const address = newClient().sourceIp;
    const from = (): Client => ({ appkey: newClient().appkey, sourceIp: address });
    for (let i = 0; i < 2; i++) recordOf(await createNew(create, from()));
    const message = expectError(await createNew(create, from()), 'json', 403, 503);
    expect(message).toBe(`Forbidden: client address (at most 2 short URLs per ${WINDOW} s)`);
  });
});
