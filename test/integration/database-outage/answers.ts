/**
 * The checks of the outage test's answers (docs/design-notes.md, Faults and load): each a correct success or the database
 * error, one form of it per type with nothing of the failure in it; and how soon every kind succeeded again.
 */
import { CONTENT_TYPE, expectError } from '../../support/expect-error';
import { fromTree, fromXml, photoView } from '../../support/gallery-decode';
import { sortRecords } from '../../support/gallery-order';
import type { XmlElement } from '../../support/parsers';
import { SHORT_URL_HOST } from '../../support/short-url-host';
import { decodeBodies, isErrorValue, shortUrlOf } from './decode';
import { type Exchange, KINDS, type MadeBefore } from './requests';
import type { Outage } from './traffic';
import type { ShortUrlValue } from '../../../lib/resources/short-urls';

/** Short URLs made (retries of failed creations included) and visits answered 301, with when, for the storage checks. */
export interface Answered {
  readonly created: Array<{ shortUrl: ShortUrlValue; at: number }>;
  readonly visits: Array<{ link: string; at: number }>;
}

const SHORT_URL = new RegExp(`^${SHORT_URL_HOST.replace(/[.]/g, '\\.')}/[0-9A-Za-z]{7}$`);

function expectSuccess(made: MadeBefore, answered: Answered, exchange: Exchange, value: unknown): void {
  const { kind, type, link, response } = exchange;
  if (kind === 'visit') {
    expect([response.statusCode, response.headers.location, response.body]).toEqual([301, link, '']);
    answered.visits.push({ link: link!, at: exchange.endedAt });
    return;
  }
  expect([response.statusCode, response.headers['content-type']]).toEqual([200, CONTENT_TYPE[type!]]);
  if (kind === 'gallery-listing' || kind === 'gallery-photo') {
    const listing = type === 'xml' ? fromXml('gallery', value as XmlElement) : fromTree('gallery', value, type === 'php');
    const expected = kind === 'gallery-photo' ? [exchange.photo!] : sortRecords(made.photos, 'submit_date-desc');
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
    const before = made.shortenedBefore.find((entry) => entry.link === link)!;
    expect({ ...shortUrl, view_count: 0 }).toEqual({ ...before, view_count: 0 });
    expect(shortUrl.view_count).toBeGreaterThanOrEqual(0);
  }
}

/** Checks every answer, each success against what was made before and kept in `answered`; answers those that got the database error. */
export function checkAnswers(made: MadeBefore, answered: Answered, exchanges: readonly Exchange[]): Exchange[] {
  const decoded = decodeBodies(exchanges);
  const failed: Exchange[] = [];
  for (const exchange of exchanges) {
    const value = exchange.type === undefined ? undefined : decoded.get(exchange.response.body);
    const isError = exchange.type === undefined ? exchange.response.statusCode !== 301 : isErrorValue(exchange.type, value);
    if (isError) failed.push(exchange);
    else expectSuccess(made, answered, exchange, value);
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
export function recoveryMs(exchanges: readonly Exchange[], failed: readonly Exchange[], since: number): number {
  const failedOnes = new Set(failed);
  const firstSuccessEnds = KINDS.map((kind) => {
    const successes = exchanges.filter((e) => e.kind === kind && e.startedAt >= since && !failedOnes.has(e));
    expect([kind, successes.length > 0]).toEqual([kind, true]);
    return Math.min(...successes.map((e) => e.endedAt));
  });
  return Math.max(...firstSuccessEnds) - since;
}

/** Creations of new links that failed at the fault (in flight then) and just after it. */
export const creationsFailedAt = (run: Outage, failed: readonly Exchange[]): Exchange[] =>
  failed.filter((e) => e.kind === 'create-new' && e.endedAt >= run.faultAt).slice(0, 20);
