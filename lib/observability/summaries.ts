/**
 * What each kind of function tells about a request: the API's endpoints and the short-link host.
 * Dimensions stay bounded: the route key (never the raw path), the response type, the status number.
 */
import type { ApiContext } from '../http/context';
import { isCode } from '../shorturls/code';
import { observeRequests } from './middleware';

/**
 * The API's endpoints: route, response type, normalised app key (absent when refused before it was
 * checked) and status; `Requests` by route, type and status.
 */
export const observeApiRequests = () =>
  observeRequests<ApiContext>((request, statusCode) => {
    const route = request.event.routeKey;
    // Until (or unless) the type is negotiated, the answer is XML.
    const type = request.context.responseType ?? 'xml';
    return { fields: { route, type, app_key: request.context.appKey }, dimensions: { endpoint: route, type, status: String(statusCode) } };
  });

/** The short-link host: route, the code looked up (only a well-formed one) and status; `Requests` by route and status, `Redirects` per 301. */
export const observeRedirects = () =>
  observeRequests((request, statusCode) => {
    const code = request.event.pathParameters?.code;
    const route = request.event.routeKey;
    return {
      fields: { route, code: code !== undefined && isCode(code) ? code : null },
      dimensions: { endpoint: route, status: String(statusCode) },
      counts: statusCode === 301 ? ['Redirects'] : [],
    };
  });
