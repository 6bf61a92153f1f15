/**
 * The short-link host: `GET /{code}` answers 301 to the stored link and counts the view, once
 * per request whatever the retries (the store's write is idempotent on the request's id);
 * `HEAD /{code}` answers the same 301 without counting, so that link checkers see a live link
 * and add no views; anything else gets a small HTML page. Not part of the API, so it has no
 * app key, type or catalogue errors; like every answer, each carries `Deprecation`.
 */
import middy from '@middy/core';
import { config } from '../config';
import { ApiError } from '../errors';
import { DEADLINE_OPTIONS } from '../http/deadline';
import { deprecationHeaders } from '../http/deprecation';
import type { ApiEvent, ApiResult } from '../http/context';
import { logger } from '../observability/powertools';
import { observeRequests } from '../observability/middleware';
import { isCode } from './code';
import type { ShortUrlStore } from './store';

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  // A cached redirect would go uncounted: every visit must reach the counter.
  'Cache-Control': 'no-store',
  ...deprecationHeaders(config),
};

function page(statusCode: number, title: string, text: string): ApiResult {
  return {
    statusCode,
    headers: { ...BASE_HEADERS, 'Content-Type': 'text/html; charset=utf-8' },
    body: `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p></html>\n`,
  };
}

const notFoundPage = (): ApiResult => page(404, 'Not found', 'There is no short link here.');

function failurePage(error: unknown): ApiResult {
  if (error instanceof ApiError && error.status === 503) {
    const busy = page(503, 'Try again', 'This short link cannot be followed just now.');
    return { ...busy, headers: { ...busy.headers, ...error.headers } };
  }
  logger.error('redirect failed', error instanceof Error ? error : new Error(String(error)));
  return page(500, 'Error', 'This short link cannot be followed just now.');
}

/** The request line: route, the code looked up (only a well-formed one) and status; `Requests` by route and status, `Redirects` per 301. */
const observeRedirects = () =>
  observeRequests(({ event }, statusCode) => {
    const code = event.pathParameters?.code;
    return {
      fields: { route: event.routeKey, code: code !== undefined && isCode(code) ? code : null },
      dimensions: { endpoint: event.routeKey, status: String(statusCode) },
      counts: statusCode === 301 ? ['Redirects'] : [],
    };
  });

export function redirectHandler(store: ShortUrlStore) {
  return middy<ApiEvent, ApiResult>(DEADLINE_OPTIONS)
    .use(observeRedirects())
    .use({
      onError: (request) => {
        request.response = failurePage(request.error);
      },
    })
    .handler(async (event): Promise<ApiResult> => {
      const code = event.pathParameters?.code;
      if (code === undefined || !isCode(code)) return notFoundPage();
      const link =
        event.requestContext.http.method === 'HEAD'
          ? (await store.findByCode(code))?.link
          : await store.countView(code, event.requestContext.requestId);
      if (link === undefined) return notFoundPage();
      return { statusCode: 301, headers: { ...BASE_HEADERS, Location: link }, body: '' };
    });
}
