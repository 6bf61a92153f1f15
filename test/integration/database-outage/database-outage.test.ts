/**
 * Faults (docs/design-notes.md, Faults and load): this file's own DynamoDB Local (data in a
 * temporary directory, so a restart keeps it) crashes (SIGKILL) and later hangs (SIGSTOP) under
 * concurrent traffic of every kind in all four types, through handlers loaded once. Every answer is
 * a correct success or the database error (503, Retry-After, code 500 `Internal error`; the
 * short-link host's 503 page; a visit to a followed link always redirects), each before the 10 s
 * timeout, refused at once while down; once back, the same handlers succeed again; no half-written
 * short URL remains. Phases last until what they are about has happened, not a set time. The traffic,
 * the checks of the answers and the database's setup are in this folder, beside it. The
 * environment below makes a refused connection's error an `Error` in this realm, as in Lambda.
 *
 * @jest-environment ./test/support/node-errors-environment.ts
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { DynamoDbLocal } from '../../../infra/dynamodb/local';
import { auditShortUrls } from '../../../infra/ops/shorturls/consistency';
import { creationsFailedAt, recoveryMs } from './answers';
import { OutageBench } from './bench';
import { createTarget, duration, type Exchange, KINDS, looksSuccessful } from './requests';
import { FUNCTION_TIMEOUT_MS, type Outage, RECOVERY_WAIT_MS } from './traffic';
import { invoke, invokeShortLink, type Invocation } from '../../support/invoke';
import { codeOf } from '../../support/short-url-host';
import { followViews } from '../../support/views-sent';
import { theShortUrl } from '../../support/short-url-answer';

/** DynamoDB Local may lose a write acknowledged just before a SIGKILL: what was answered this long before must be stored. */
const DURABILITY_LAG_MS = 1_000;

/** What the four tests share: this file's database and functions, the traffic, and what earlier tests recorded for later ones. */
const bench = new OutageBench();
const { shortenedBefore, answered, attempts, send, outage, checkAnswers, startDatabase } = bench;
let database: DynamoDbLocal;
let checkClient: DynamoDBDocumentClient;
let functionsClient: DynamoDBDocumentClient;
let storePrototype: Parameters<typeof followViews>[0];

beforeAll(async () => {
  database = await startDatabase();
  ({ checkClient, functionsClient, storePrototype } = await bench.setUp(database.endpoint));
  // Each kind of request once, so that every function is loaded before the traffic starts.
  expect(checkAnswers(await Promise.all(KINDS.map((kind) => send(kind, 0))))).toEqual([]);
  // The handlers wrote to this file's database, not the shared one: the test's client sees it.
  expect((await auditShortUrls(checkClient, process.env.SHORT_URLS_TABLE!)).records).toHaveLength(
    shortenedBefore.length + answered.created.length,
  );
}, 90_000);

afterAll(() => bench.tearDown(database));

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
    expect((await import('../../../lib/db/client')).documentClient).toBe(functionsClient);
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
    for (const response of retries) answered.created.push({ shortUrl: theShortUrl(response), at: performance.now() });

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
    const shortened = async (link: string) => codeOf(theShortUrl(await invoke(createTarget(link, 'json'))).short_url);
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
