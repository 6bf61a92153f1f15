/**
 * Faults (docs/design-notes.md, Faults and load): this file's own DynamoDB Local (data in a
 * temporary directory, so a restart keeps it) crashes (SIGKILL) and later hangs (SIGSTOP) under
 * concurrent traffic of every kind in all four types, through handlers loaded once. Every answer is
 * a correct success or the database error (503, Retry-After, code 500 `Internal error`; the
 * short-link host's 503 page; a visit to a followed link always redirects), each before the 10 s
 * timeout, refused at once while down; once back, the same handlers succeed again; no half-written
 * short URL remains. Phases last until what they are about has happened, not a set time.
 * The environment below makes a refused connection's error an `Error` in this realm, as in Lambda.
 *
 * @jest-environment ./test/support/node-errors-environment.ts
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { freePort, startDynamoDbLocal, type DynamoDbLocal } from '../../infra/dynamodb/local';
import { auditShortUrls } from '../../infra/ops/shorturls/consistency';
import { ensureTables } from '../../infra/dynamodb/made-tables';
import { loadTemplate } from '../../infra/template/read';
import { pause } from '../../lib/iso-time';
import { CONTENT_TYPE, expectError, TYPES, type ResponseType } from '../support/expect-error';
import { targetFor } from '../support/gallery-answers';
import { fromTree, fromXml, photoView } from '../support/gallery-decode';
import type { TestPhoto } from '../support/gallery-fixtures';
import { sortRecords } from '../support/gallery-order';
import { invoke, invokeShortLink, type Invocation } from '../support/invoke';
import { parseXml, runScript, unserializeAll, type XmlElement } from '../support/parsers';
import { codeOf, SHORT_URL_HOST } from '../support/short-url-host';
import { followViews } from '../support/views-sent';

/** docs/design-notes.md, Faults: every answer comes before the functions' 10 s timeout (template.yaml). */
const FUNCTION_TIMEOUT_MS = 10_000;
/** A phase waits for its fault to show this long: a request in flight, then the next, each within the timeout. */
const PHASE_BOUND_MS = 2 * FUNCTION_TIMEOUT_MS;
/** No rule: how long the test waits for every kind to succeed again (a just-started database on a busy machine). */
const RECOVERY_WAIT_MS = 60_000;
/** One client per kind, each one request after the other; after a failed answer it waits a little. */
const CLIENTS = 6;
const FAILED_CLIENT_WAIT_MS = 20;
/** DynamoDB Local may lose a write acknowledged just before a SIGKILL: what was answered this long before must be stored. */
const DURABILITY_LAG_MS = 1_000;

let database: DynamoDbLocal;
let port: number;
let dataDirectory: string;
let databaseClient: DynamoDBClient;
let checkClient: DynamoDBDocumentClient;
let gallery: typeof import('../support/gallery-fixtures');
let functionsClient: DynamoDBDocumentClient;
let storePrototype: Parameters<typeof followViews>[0];

/** Rate limits the traffic never reaches (5 000 a second): this file is about the database, not the limiter. */
const FILE_ENV = { RATE_LIMIT_PER_APP_KEY: '5000', RATE_LIMIT_PER_CLIENT_IP: '5000', RATE_LIMIT_WINDOW_SECONDS: '1' };
const savedEnv: Record<string, string | undefined> = {};

type ShortUrl = { readonly link: string; readonly short_url: string; readonly itemid: number; readonly view_count: number };

/** Short URLs made before any fault: the links asked for again, looked up and visited. */
const shortenedBefore: ShortUrl[] = [];
let photos: TestPhoto[];
const WINDOW_START = Date.UTC(2011, 2, 1) / 1000;
const WINDOW_END = WINDOW_START + 10 * 86_400;

const SHORT_URL = new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`);
const createTarget = (link: string, type: ResponseType): string => targetFor('/url/short/create', `url=${encodeURIComponent(link)}`, type);

type Kind = 'create-new' | 'create-again' | 'lookup' | 'visit' | 'gallery-listing' | 'gallery-photo';
const KINDS: readonly Kind[] = ['create-new', 'create-again', 'lookup', 'visit', 'gallery-listing', 'gallery-photo'];

/** type: none for a visit; link: a short-URL request's; times: performance.now() at the request and its answer. */
interface Exchange {
  readonly kind: Kind;
  readonly type: ResponseType | undefined;
  readonly link: string | undefined;
  readonly photo: TestPhoto | undefined;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly response: Invocation;
}

const duration = (exchange: Exchange): number => exchange.endedAt - exchange.startedAt;

/** A client's n-th request of `kind`: the four types in turn, and the short URLs and photos in turn. */
async function send(kind: Kind, n: number): Promise<Exchange> {
  const type = kind === 'visit' ? undefined : TYPES[n % TYPES.length]!;
  const before = shortenedBefore[n % shortenedBefore.length]!;
  const photo = photos[n % photos.length]!;
  const api = (path: string, query = '') => invoke(targetFor(path, query, type!));
  const link = kind === 'create-new' ? `https://outage.test/during/${randomUUID()}` : before.link;
  const startedAt = performance.now();
  const response = await {
    'create-new': () => invoke(createTarget(link, type!)),
    'create-again': () => invoke(createTarget(link, type!)),
    lookup: () => api(`/url/short/${codeOf(before.short_url)}`),
    visit: () => invokeShortLink(`/${codeOf(before.short_url)}`),
    'gallery-listing': () => api('/galleryphotos', `min_submit_date=${WINDOW_START}&max_submit_date=${WINDOW_END}&count=100`),
    'gallery-photo': () => api(`/galleryphoto/${photo.id}`),
  }[kind]();
  const endedAt = performance.now();
  const aboutShortUrl = kind !== 'gallery-listing' && kind !== 'gallery-photo';
  return {
    kind,
    type,
    link: aboutShortUrl ? link : undefined,
    photo: kind === 'gallery-photo' ? photo : undefined,
    startedAt,
    endedAt,
    response,
  };
}

/** At a glance, to pace the clients (checkAnswers checks each in full): the database error always has Retry-After. */
const looksSuccessful = ({ kind, response }: Exchange): boolean =>
  kind === 'visit' ? response.statusCode === 301 : response.statusCode === 200 && response.headers['retry-after'] === undefined;

/** CLIENTS clients, one kind each so that a fault meets every kind in flight, until stopped; every exchange kept. */
class Traffic {
  readonly exchanges: Exchange[] = [];
  private stopping = false;
  private readonly clients: Promise<void>[];

  constructor() {
    this.clients = Array.from({ length: CLIENTS }, (_, client) => this.client(KINDS[client % KINDS.length]!));
  }

  private async client(kind: Kind): Promise<void> {
    for (let n = 0; !this.stopping; n++) {
      const exchange = await send(kind, n);
      this.exchanges.push(exchange);
      // Not a tight loop on a failing service, yet dense traffic: the restarting database needs some CPU.
      if (!looksSuccessful(exchange)) await pause(FAILED_CLIENT_WAIT_MS);
    }
  }

  /** Waits until `done` holds of the exchanges so far, or `boundMs` has passed (the test's checks then fail). */
  async until(done: (exchanges: readonly Exchange[]) => boolean, boundMs = PHASE_BOUND_MS): Promise<void> {
    const deadline = performance.now() + boundMs;
    while (!done(this.exchanges) && performance.now() < deadline) await pause(20);
  }

  async stop(): Promise<Exchange[]> {
    this.stopping = true;
    await Promise.all(this.clients);
    return this.exchanges;
  }
}

/** The traffic running now, if any (stopped in afterAll should a test fail midway). */
let traffic: Traffic | undefined;

/** One outage under traffic (performance.now()): the fault made, recovery started, the database listening again. */
interface Outage {
  readonly faultAt: number;
  readonly restartAt: number;
  readonly backAt: number;
  readonly exchanges: readonly Exchange[];
}

/** The kinds that answered success to a request sent at `since` or later. */
const succeededSince = (exchanges: readonly Exchange[], since: number): Set<Kind> =>
  new Set(exchanges.filter((e) => e.startedAt >= since && looksSuccessful(e)).map((e) => e.kind));

/** Traffic through a fault: made once every kind succeeded, recovered once `shown` holds, run until every kind succeeds again. */
async function outage(phases: {
  fault: () => Promise<void>;
  shown: (exchanges: readonly Exchange[], faultAt: number) => boolean;
  recover: () => Promise<unknown>;
}): Promise<Outage> {
  traffic = new Traffic();
  const startedAt = performance.now();
  await traffic.until((exchanges) => succeededSince(exchanges, startedAt).size === KINDS.length);
  await phases.fault();
  const faultAt = performance.now();
  await traffic.until((exchanges) => phases.shown(exchanges, faultAt));
  const restartAt = performance.now();
  await phases.recover();
  const backAt = performance.now();
  await traffic.until((exchanges) => succeededSince(exchanges, backAt).size === KINDS.length, RECOVERY_WAIT_MS);
  const exchanges = await traffic.stop();
  traffic = undefined;
  return { faultAt, restartAt, backAt, exchanges };
}

/** Every attempt the functions' clients sent: when, and how it ended (an error's code or name). */
const attempts: Array<{ readonly startedAt: number; readonly outcome: string }> = [];

/** Records each attempt inside the SDK's retries, where a refusal or a timeout is seen. */
function recordAttempts(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const startedAt = performance.now();
      try {
        const result = await next(args);
        attempts.push({ startedAt, outcome: 'answered' });
        return result;
      } catch (error) {
        const { code, name } = error as { code?: string; name?: string };
        attempts.push({ startedAt, outcome: code ?? name ?? 'failed' });
        throw error;
      }
    },
    { step: 'deserialize', name: 'outage-attempts' },
  );
}

/** What each distinct body decodes to with the real parser of its type (PHP: one php for all). */
function decodeBodies(exchanges: readonly Exchange[]): Map<string, unknown> {
  const decoded = new Map<string, unknown>();
  const bodiesOf = (type: ResponseType) => [...new Set(exchanges.filter((e) => e.type === type).map((e) => e.response.body))];
  for (const body of bodiesOf('xml')) decoded.set(body, parseXml(body));
  for (const body of bodiesOf('json')) decoded.set(body, JSON.parse(body));
  for (const body of bodiesOf('javascript')) {
    const run = runScript(body, 'callback');
    expect([body.startsWith('/**/callback('), run.alerts, run.calls.length]).toEqual([true, [], 1]);
    decoded.set(body, run.calls[0]![0]);
  }
  const phpBodies = bodiesOf('php');
  unserializeAll(phpBodies).forEach((answer, i) => {
    expect([answer.error, answer.serialized]).toEqual([undefined, phpBodies[i]]);
    decoded.set(phpBodies[i]!, answer.value);
  });
  return decoded;
}

/** An error in any type: XML's <error>, else an object with `code` (the resources have none). */
const isErrorValue = (type: ResponseType, value: unknown): boolean =>
  type === 'xml' ? (value as XmlElement).name === 'error' : Object.hasOwn(value as object, 'code');

/** The one entry of a Short URL list, in any type, with its wrapper checked. */
function shortUrlOf(type: ResponseType, value: unknown): ShortUrl {
  if (type === 'xml') {
    const root = value as XmlElement;
    expect(root).toMatchObject({ name: 'shorturls', attributes: { total: '1', count: '1', offset: '0' }, children: [expect.anything()] });
    const { link, short_url, itemid, view_count } = root.children[0]!.attributes;
    return { link: link!, short_url: short_url!, itemid: Number(itemid), view_count: Number(view_count) };
  }
  const list = value as { __class?: string; shorturls: Array<ShortUrl & { __class?: string }>; total: number };
  expect([list.__class, list.total, list.shorturls.length]).toEqual([type === 'php' ? 'ServiceAPIShortURLs' : undefined, 1, 1]);
  const { __class, ...entry } = list.shorturls[0]!;
  expect(__class).toBe(type === 'php' ? 'ServiceAPIShortURL' : undefined);
  return entry;
}

/** Short URLs made (retries of failed creations included) and visits answered 301, with when, for the storage checks. */
const answered = { created: [] as Array<{ shortUrl: ShortUrl; at: number }>, visits: [] as Array<{ link: string; at: number }> };

function expectSuccess(exchange: Exchange, value: unknown): void {
  const { kind, type, link, response } = exchange;
  if (kind === 'visit') {
    expect([response.statusCode, response.headers.location, response.body]).toEqual([301, link, '']);
    answered.visits.push({ link: link!, at: exchange.endedAt });
    return;
  }
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, CONTENT_TYPE[type!]]);
  if (kind === 'gallery-listing' || kind === 'gallery-photo') {
    const listing = type === 'xml' ? fromXml('gallery', value as XmlElement) : fromTree('gallery', value, type === 'php');
    const expected = kind === 'gallery-photo' ? [exchange.photo!] : sortRecords(photos, 'submit_date-desc');
    expect(listing.items).toEqual(expected.map(photoView));
    expect(listing.total).toBe(expected.length);
    return;
  }
  const shortUrl = shortUrlOf(type!, value);
  if (kind === 'create-new') {
    expect(shortUrl).toEqual({ link, short_url: expect.stringMatching(SHORT_URL), itemid: expect.any(Number), view_count: 0 });
    expect(Number.isSafeInteger(shortUrl.itemid) && shortUrl.itemid > 0).toBe(true);
    answered.created.push({ shortUrl, at: exchange.endedAt });
  } else {
    // Asked for again or looked up: the record made before, with its views so far.
    const before = shortenedBefore.find((entry) => entry.link === link)!;
    expect({ ...shortUrl, view_count: 0 }).toEqual({ ...before, view_count: 0 });
    expect(shortUrl.view_count).toBeGreaterThanOrEqual(0);
  }
}

/** Checks every answer; answers the exchanges that got the database error. */
function checkAnswers(exchanges: readonly Exchange[]): Exchange[] {
  const decoded = decodeBodies(exchanges);
  const failed: Exchange[] = [];
  for (const exchange of exchanges) {
    const value = exchange.type === undefined ? undefined : decoded.get(exchange.response.body);
    const isError = exchange.type === undefined ? exchange.response.statusCode !== 301 : isErrorValue(exchange.type, value);
    if (isError) failed.push(exchange);
    else expectSuccess(exchange, value);
  }
  // Each form of the error (a type's body with an endpoint's headers) is checked in full once.
  const forms = new Map<string, Exchange>();
  for (const exchange of failed) {
    const { statusCode, headers, body } = exchange.response;
    forms.set(JSON.stringify([exchange.type ?? 'page', statusCode, headers, body]), exchange);
  }
  for (const { type, response } of forms.values()) {
    const { statusCode, headers, body } = response;
    expect(headers['retry-after']).toBe('1');
    if (type !== undefined) {
      expectError(response, type, 500, 503, { detail: false });
    } else {
      expect([statusCode, headers['content-type'], headers['cache-control']]).toEqual([503, 'text/html; charset=utf-8', 'no-store']);
      expect(body).toContain('<title>Try again</title>');
    }
  }
  // One body per type, whatever failed and how: nothing of the failure (an exception's text) reaches it.
  const bodies = new Set(failed.map((exchange) => `${exchange.type ?? 'page'} ${exchange.response.body}`));
  expect(bodies.size).toBe(new Set(failed.map((exchange) => exchange.type ?? 'page')).size);
  return failed;
}

/** How long after `since` every kind had answered a (checked) success to a request sent after it. */
function recoveryMs(exchanges: readonly Exchange[], failed: readonly Exchange[], since: number): number {
  const failedOnes = new Set(failed);
  const firstSuccessEnds = KINDS.map((kind) => {
    const successes = exchanges.filter((e) => e.kind === kind && e.startedAt >= since && !failedOnes.has(e));
    expect([kind, successes.length > 0]).toEqual([kind, true]);
    return Math.min(...successes.map((e) => e.endedAt));
  });
  return Math.max(...firstSuccessEnds) - since;
}

/** Creations of new links that failed at the fault (in flight then) and just after it. */
const creationsFailedAt = (run: Outage, failed: readonly Exchange[]): Exchange[] =>
  failed.filter((e) => e.kind === 'create-new' && e.endedAt >= run.faultAt).slice(0, 20);

/** The one short URL of a successful JSON answer to a creation. */
function shortUrlIn(response: Invocation): ShortUrl {
  expect(response.statusCode).toBe(200);
  return (JSON.parse(response.body) as { shorturls: ShortUrl[] }).shorturls[0]!;
}

/** Java's quick compiler only: a restarted database must answer well from the first second (infra/dynamodb/local.ts). */
const startDatabase = (): Promise<DynamoDbLocal> => startDynamoDbLocal({ port, dataDirectory, quickCompiler: true });

beforeAll(async () => {
  dataDirectory = mkdtempSync(join(tmpdir(), 'database-outage-'));
  port = await freePort();
  database = await startDatabase();
  databaseClient = new DynamoDBClient({ endpoint: database.endpoint });
  checkClient = DynamoDBDocumentClient.from(databaseClient);
  await ensureTables(databaseClient, loadTemplate());

  // The functions' one document client takes the endpoint of its first load: set it first, then import.
  for (const [name, value] of Object.entries({ ...FILE_ENV, AWS_ENDPOINT_URL_DYNAMODB: database.endpoint })) {
    savedEnv[name] = process.env[name];
    process.env[name] = value;
  }
  gallery = await import('../support/gallery-fixtures');
  const clients = await import('../../lib/db/client');
  functionsClient = clients.documentClient;
  recordAttempts(functionsClient);
  recordAttempts(clients.singleAttemptClient());
  storePrototype = (await import('../../lib/shorturls/dynamodb')).DynamoShortUrlStore.prototype;

  const data = new gallery.GalleryData();
  photos = [0, 1, 2, 3, 4].map((day) => data.photo(WINDOW_START + day * 86_400 + 3_600));
  await data.save();
  for (let i = 0; i < 4; i++)
    shortenedBefore.push(shortUrlIn(await invoke(createTarget(`https://outage.test/before/${randomUUID()}`, 'json'))));
  // Each kind of request once, so that every function is loaded before the traffic starts.
  expect(checkAnswers(await Promise.all(KINDS.map((kind) => send(kind, 0))))).toEqual([]);
  // The handlers wrote to this file's database, not the shared one: the test's client sees it.
  expect((await auditShortUrls(checkClient, process.env.SHORT_URLS_TABLE!)).records).toHaveLength(
    shortenedBefore.length + answered.created.length,
  );
}, 90_000);

afterAll(async () => {
  await traffic?.stop();
  databaseClient?.destroy();
  await database?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe('DynamoDB stopped in the middle of traffic, then back', () => {
  /** The crash, for the checks of what it may have lost (DURABILITY_LAG_MS). */
  let crash: Outage | undefined;
  /** Creations that failed at a fault, asked for again at the end. */
  const toRetry: Exchange[] = [];
  let loggedErrors: jest.SpyInstance;
  beforeEach(() => {
    // An unexpected error is logged through console.error; a database failure must not be one.
    loggedErrors = jest.spyOn(console, 'error');
  });
  afterEach(() => loggedErrors.mockRestore());

  test('crashed (SIGKILL): only successes or the database error, refused at once while it is down; started again on the same data, the handlers succeed again', async () => {
    const run = await outage({
      fault: () => database.kill(),
      // Down until every kind has been answered to a request sent after the crash.
      shown: (exchanges, faultAt) => new Set(exchanges.filter((e) => e.startedAt >= faultAt).map((e) => e.kind)).size === KINDS.length,
      recover: async () => (database = await startDatabase()),
    });
    crash = run;
    const failed = checkAnswers(run.exchanges);
    const sentWhileDead = run.exchanges.filter((e) => e.startedAt >= run.faultAt && e.startedAt < run.restartAt);
    // Only a visit to a link the host has followed can succeed without the database; every kind met it gone...
    const [visits, others] = [sentWhileDead.filter((e) => e.kind === 'visit'), sentWhileDead.filter((e) => e.kind !== 'visit')];
    expect(visits.length).toBeGreaterThan(0);
    expect(visits.filter((e) => failed.includes(e))).toEqual([]);
    expect(others.filter((e) => !failed.includes(e))).toEqual([]);
    expect(new Set(sentWhileDead.map((e) => e.kind)).size).toBe(KINDS.length);
    // ...and was told so at once: refused, or cut by the crash, never a timeout.
    const whileDead = attempts.filter((attempt) => attempt.startedAt >= run.faultAt && attempt.startedAt < run.restartAt);
    expect(whileDead.map((attempt) => attempt.outcome)).toContain('ECONNREFUSED');
    expect(whileDead.filter((attempt) => !['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(attempt.outcome))).toEqual([]);
    expect(Math.max(...run.exchanges.map(duration))).toBeLessThan(FUNCTION_TIMEOUT_MS);
    expect(recoveryMs(run.exchanges, failed, run.backAt)).toBeLessThan(RECOVERY_WAIT_MS);
    // Recovered without a restart of the functions: the client they loaded at first is the one.
    expect((await import('../../lib/db/client')).documentClient).toBe(functionsClient);
    expect(loggedErrors).not.toHaveBeenCalled();
    toRetry.push(...creationsFailedAt(run, failed));
  }, 180_000);

  test('hung (SIGSTOP): only successes or the database error, each within the request timeouts; thawed, the handlers succeed again', async () => {
    /** Every kind but the visits failed, and a visit was answered, after the freeze. */
    const frozenShown = (exchanges: readonly Exchange[], faultAt: number): boolean => {
      const after = exchanges.filter((e) => e.endedAt > faultAt);
      const failedKinds = new Set(after.filter((e) => !looksSuccessful(e)).map((e) => e.kind));
      return failedKinds.size === KINDS.length - 1 && after.some((e) => e.kind === 'visit' && e.startedAt > faultAt);
    };
    const hang = await outage({ fault: async () => database.freeze(), shown: frozenShown, recover: async () => database.thaw() });
    const failed = checkAnswers(hang.exchanges);
    // Every kind but the visits failed while it was frozen: none waits past its retries.
    const failedWhileFrozen = failed.filter((e) => e.endedAt > hang.faultAt && e.endedAt < hang.restartAt);
    expect(new Set(failedWhileFrozen.map((e) => e.kind))).toEqual(new Set(KINDS.filter((kind) => kind !== 'visit')));
    // Every visit sent and answered while it was frozen redirected: without any answer of the database.
    const visitsWhileFrozen = hang.exchanges.filter((e) => e.kind === 'visit' && e.startedAt > hang.faultAt && e.endedAt < hang.restartAt);
    expect(visitsWhileFrozen.length).toBeGreaterThan(0);
    expect(visitsWhileFrozen.filter((e) => failed.includes(e))).toEqual([]);
    expect(Math.max(...hang.exchanges.map(duration))).toBeLessThan(FUNCTION_TIMEOUT_MS);
    expect(recoveryMs(hang.exchanges, failed, hang.backAt)).toBeLessThan(RECOVERY_WAIT_MS);
    expect(loggedErrors).not.toHaveBeenCalled();
    toRetry.push(...creationsFailedAt(hang, failed));
  }, 180_000);

  test('no half-written short URL: records and deduplication entries pair up, and every success is stored', async () => {
    // Asked again, a failed creation gets its link's one record (made now, or by the failed one after all).
    expect(toRetry.length).toBeGreaterThan(0);
    // One at a time: their answers, not the database's pace under a burst, are the point here.
    const retries: Invocation[] = [];
    for (const { link } of toRetry) retries.push(await invoke(createTarget(link!, 'json')));
    for (const response of retries) answered.created.push({ shortUrl: shortUrlIn(response), at: performance.now() });

    // Records and deduplication entries pair up, no link has two records, itemids are unique and below the counter.
    const audit = await auditShortUrls(checkClient, process.env.SHORT_URLS_TABLE!);
    expect(audit.problems).toEqual([]);
    const records = new Map(audit.records.map((record) => [record.code, record]));

    // Every success is stored as answered, but for what DynamoDB Local may have lost at the crash.
    const mayBeLost = (at: number) => crash !== undefined && at >= crash.faultAt - DURABILITY_LAG_MS && at < crash.restartAt;
    for (const { shortUrl, at } of [...shortenedBefore.map((shortUrl) => ({ shortUrl, at: 0 })), ...answered.created]) {
      if (mayBeLost(at)) continue;
      const stored = records.get(codeOf(shortUrl.short_url));
      expect([shortUrl.short_url, stored?.link, stored?.itemid]).toEqual([shortUrl.short_url, shortUrl.link, shortUrl.itemid]);
    }
    // No view counted twice: a link has at most the visits it redirected (those during the outages may be lost).
    for (const before of shortenedBefore) {
      const visits = answered.visits.filter((visit) => visit.link === before.link).length;
      expect(records.get(codeOf(before.short_url))!.view_count).toBeLessThanOrEqual(visits);
    }
    // The links shortened before both outages still lead where they did.
    for (const before of shortenedBefore) {
      const response = await invokeShortLink(`/${codeOf(before.short_url)}`);
      expect([response.statusCode, response.headers.location]).toEqual([301, before.link]);
    }
  }, 60_000);

  test('visits while the database hangs: a known link redirects before its view is answered, each counting at most one view; an unknown code is 503', async () => {
    const shortened = async (link: string) => codeOf(shortUrlIn(await invoke(createTarget(link, 'json'))).short_url);
    const code = await shortened(`https://outage.test/views/${randomUUID()}`);
    const unknownCode = await shortened(`https://outage.test/never-followed/${randomUUID()}`);
    const views = async (of = code) =>
      (await auditShortUrls(checkClient, process.env.SHORT_URLS_TABLE!)).records.find((record) => record.code === of)!.view_count;
    const timed = async (path: string) => {
      const started = performance.now();
      const answer = await invokeShortLink(path);
      return { answer, ms: performance.now() - started };
    };
    const burst = (n: number, of = code) => Promise.all(Array.from({ length: n }, () => timed(`/${of}`)));
    const sent = followViews(storePrototype);
    try {
      const calm = await burst(40);
      expect(calm.map(({ answer }) => answer.statusCode)).toEqual(Array(40).fill(301));
      await sent.ended();
      expect(await views()).toBe(40);

      const before = { views: await views(), sent: sent.codes.length };
      database.freeze();
      let frozenAnswers: Awaited<ReturnType<typeof burst>>;
      let unknownAnswer: Awaited<ReturnType<typeof timed>>;
      try {
        const unknownVisit = timed(`/${unknownCode}`);
        frozenAnswers = await burst(40);
        // Every visit to the known link redirected while its view was unanswered: the link came first.
        expect(sent.codes.slice(before.sent).filter((of) => of === code)).toHaveLength(40);
        expect(sent.outcomes.filter((view) => view.code === code)).toHaveLength(40);
        unknownAnswer = await unknownVisit;
      } finally {
        database.thaw();
      }
      for (const { answer, ms } of frozenAnswers) {
        expect([answer.statusCode, answer.headers.location]).toEqual([301, expect.stringContaining('https://outage.test/views/')]);
        expect(ms).toBeLessThan(FUNCTION_TIMEOUT_MS);
      }
      // The unknown code: its link could not be read, so the 503 page, with Retry-After, within the functions' timeout.
      const { answer, ms } = unknownAnswer;
      expect([answer.statusCode, answer.headers['retry-after'], ms < FUNCTION_TIMEOUT_MS]).toEqual([503, '1', true]);
      // Thawed, each view sent once ends: added views are at least those counted, at most the visits.
      await sent.ended();
      const counted = sent.outcomes.slice(40).filter((view) => view.code === code && view.outcome === 'counted').length;
      const added = (await views()) - before.views;
      expect(added).toBeGreaterThanOrEqual(counted);
      expect(added).toBeLessThanOrEqual(40);
      expect(sent.codes.filter((of) => of === unknownCode).length).toBeLessThanOrEqual(1);
      expect(await views(unknownCode)).toBeLessThanOrEqual(1);
    } finally {
      sent.restore();
    }
  }, 60_000);
});
