/**
 * The short-link host: `GET /{code}` answers 301 to the stored link and counts the view, at most
 * once per request whatever the retries; the link comes first, so a view that cannot be counted
 * (a database slow, throttled or down) costs the view, not the redirect, and only a code whose
 * link cannot be read answers 503 (docs/api.md, Views). `HEAD /{code}` answers the same 301
 * without counting, so that link checkers see a live link and add no views. A link the operator
 * has taken down, or whose host is blocked, answers 410 Gone and counts nothing (docs/api.md,
 * Takedown). Once the host is retired, and in its brownouts, every visit answers a 410 page
 * before anything is read (docs/api.md, Retirement). Anything else gets a small HTML page. Not
 * part of the API, so it has no app key, type or catalogue errors; like every answer, each
 * carries `Deprecation`, and `Sunset` when the host has a sunset date.
 */
import middy from '@middy/core';
import { config, deprecationHeaders } from '../config';
import { ApiError } from '../api-error';
import { DEADLINE_OPTIONS } from '../db/failures';
import { htmlPage } from '../http/html-page';
import type { ApiEvent, ApiResult } from '../http/context';
import { logger, retiredMetric, observeRequests } from '../observability/powertools';
import { isScheduled, sunsetHeader, verdict, type Verdict } from '../retirement-schedule';
import { isCode } from './code';
import type { Blocklist } from './blocklist';
import type { ShortUrlStore } from './store';
import { Visits } from './visits';

const LINKS_SUNSET = sunsetHeader(config.schedule, ['links']);

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // A cached redirect would go uncounted: every visit must reach the counter.
  'Cache-Control': 'no-store',
  ...deprecationHeaders(config),
  ...(LINKS_SUNSET === undefined ? {} : { Sunset: LINKS_SUNSET }),
};

function page(statusCode: number, title: string, text: string): ApiResult {
  return {
    statusCode,
    headers: { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' },
    body: htmlPage(title, text),
  };
}

const notFoundPage = (): ApiResult => page(404, 'Not found', 'There is no short link here.');
const gonePage = (): ApiResult => page(410, 'Gone', 'This short link has been taken down.');

function failurePage(error: unknown): ApiResult {
  if (error instanceof ApiError && error.status === 503) {
    const busy = page(503, 'Try again', 'This short link cannot be followed just now.');
    return { ...busy, headers: { ...busy.headers, ...error.headers } };
  }
  logger.error('redirect failed', error instanceof Error ? error : new Error(String(error)));
  return page(500, 'Error', 'This short link cannot be followed just now.');
}

/** What became of each visit's view, for its request line. */
const views = new WeakMap<ApiEvent, 'counted' | 'unconfirmed' | 'not counted'>();

/** The visits answered 410 because the host is retired or browned out, and why, for their request line. */
const retiredVisits = new WeakMap<ApiEvent, Extract<Verdict, { answer: 'gone' }>['why']>();

/**
 * The host's answer when it is retired or browned out at this moment, else undefined; with no
 * schedule for the host there is nothing to decide, and not even the clock is read.
 */
const retirementOf = (): ((event: ApiEvent) => ApiResult | undefined) =>
  isScheduled(config.schedule, ['links'])
    ? (event) => {
        const now = verdict(config.schedule, ['links'], Date.now());
        if (now.answer !== 'gone') return undefined;
        retiredVisits.set(event, now.why);
        return page(410, 'Gone', `The short links of this service are unavailable (${now.message}).`);
      }
    : () => undefined;

/**
 * The request line: route, the code looked up (only a well-formed one), what became of its view
 * and status; `Requests` by route and status, `Redirects` per 301, and `ViewsUnconfirmed` per
 * redirect whose view was not counted, or not yet.
 */
const observeRedirects = () =>
  observeRequests(({ event }, statusCode) => {
    const code = event.pathParameters?.code;
    const view = views.get(event) ?? null;
    const why = retiredVisits.get(event);
    return {
      fields: {
        route: event.routeKey,
        code: code !== undefined && isCode(code) ? code : null,
        view,
        ...(why === undefined ? {} : { retired: { group: 'links', why } }),
      },
      dimensions: { endpoint: event.routeKey, status: String(statusCode) },
      counts:
        statusCode === 301
          ? ['Redirects', ...(view === 'counted' || view === null ? [] : (['ViewsUnconfirmed'] as const))]
          : why === undefined
            ? []
            : [retiredMetric('links')],
    };
  });

/** Where a visit leads: a link, nowhere (the code is unknown), or a link taken down. */
type Destination = string | undefined | 'gone';

/** The destination of a visit, counting its view (a GET) or not (a HEAD). */
async function follow(visits: Visits, event: ApiEvent, code: string): Promise<Destination> {
  if (event.requestContext.http.method === 'HEAD') return visits.peek(code);
  const visit = await visits.follow(code);
  if (visit === undefined) return undefined;
  if ('gone' in visit) return 'gone';
  views.set(event, visit.view);
  if (visit.view === 'not counted') logger.warn('view not counted', { code, error: String(visit.error) });
  return visit.link;
}

export function redirectHandler(store: ShortUrlStore, blocklist: Blocklist) {
  const retired = retirementOf();
  const visits = new Visits(store, blocklist);
  return middy<ApiEvent, ApiResult>(DEADLINE_OPTIONS)
    .use(observeRedirects())
    .use({
      onError: (request) => {
        request.response = failurePage(request.error);
      },
    })
    .handler(async (event): Promise<ApiResult> => {
      const gone = retired(event);
      if (gone !== undefined) return gone;
      const code = event.pathParameters?.code;
      if (code === undefined || !isCode(code)) return notFoundPage();
      const link = await follow(visits, event, code);
      if (link === undefined) return notFoundPage();
      if (link === 'gone') return gonePage();
      return { statusCode: 301, headers: { ...BASE_HEADERS, Location: link }, body: '' };
    });
}
