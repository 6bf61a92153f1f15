/** A handler's resource, or whatever was thrown, as the HTTP answer: headers, body in the requested type, and a size Lambda can return. */
import type { Config } from '../config';
import { logger } from '../observability/powertools';
import { ApiError } from '../api-error';
import { CONTENT_TYPES, renderAlert, renderBody, type ResponseType } from '../render';
import { ErrorShape, resource, ScriptErrorShape, type Resource } from '../resources/shape';
import type { ApiContext, ApiMiddleware, ApiRequest, ApiResult } from './context';
import { deprecationHeaders } from '../config';

/*
 * Lambda returns at most 6 MB from a synchronous invocation, measured on the JSON of the whole
 * result (docs/api.md, Errors: size): an answer over it is never sent, API Gateway would answer 500.
 */
export const LAMBDA_RESPONSE_LIMIT = 6 * 1024 * 1024;

/** \b \t \n \f \r. */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/**
 * The UTF-8 bytes of a string as JSON.stringify writes it, counted without writing it (many times
 * faster on millions of escaped characters). JSON.stringify's escapes: `"` and `\` backslashed,
 * \b \t \n \f \r as two characters, other controls and lone surrogates as \uXXXX; every other
 * character as itself.
 */
export function jsonStringBytes(text: string): number {
  let bytes = 2; // the quotes
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += unit === 0x22 || unit === 0x5c ? 2 : unit >= 0x20 ? 1 : SHORT_ESCAPES.has(unit) ? 2 : 6;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4; // a surrogate pair: one character of four bytes
      i++;
    } else bytes += unit >= 0xd800 && unit <= 0xdfff ? 6 : 3;
  }
  return bytes;
}

/** What the Node.js runtime sends for a result: its JSON, in UTF-8 (the body counted, not written). */
const envelopeBytes = ({ body = '', ...rest }: ApiResult): number =>
  Buffer.byteLength(JSON.stringify({ ...rest, body: '' })) - 2 + jsonStringBytes(body);

/**
 * The result's size as a share of what Lambda returns: over 1, too large. A body is at most 7 times
 * its own length once in the envelope (a control character, `\u0001`, escaped again), so ordinary
 * answers are not measured: 0.
 */
function oversize(result: ApiResult): number {
  const body = result.body ?? '';
  if (body.length * 7 + 16 * 1024 < LAMBDA_RESPONSE_LIMIT) return 0;
  return envelopeBytes(result) / LAMBDA_RESPONSE_LIMIT;
}

const fitsLambda = (result: ApiResult): boolean => oversize(result) <= 1;

/**
 * The error for an answer too large to send: 1007 naming `count` when the endpoint takes one,
 * with the largest count whose page fits (`fitsWith`: whether the page of that many does; at
 * least 1), else without a detail. A page grows with its count, about evenly: the count at which
 * the page of `count`, `share` times the limit, would just fit and its neighbour usually settle it
 * in two renders; a bisection of what is left does otherwise.
 */
function tooLarge(count: number | undefined, share: number, fitsWith: (count: number) => boolean): ApiError {
  if (count === undefined) return new ApiError(1007);
  let [fitting, tooMany] = [1, count];
  const probe = (n: number) => {
    if (n <= fitting || n >= tooMany) return;
    if (fitsWith(n)) fitting = n;
    else tooMany = n;
  };
  const guess = Math.floor(count / share);
  probe(guess);
  probe(fitting === guess ? guess + 1 : guess - 1);
  while (tooMany - fitting > 1) probe(Math.floor((fitting + tooMany) / 2));
  return new ApiError(1007, `count (at most ${fitting} for this page)`);
}

export interface ResponsePolicy {
  /** Successful answers may be cached publicly for five minutes (static data). */
  readonly cacheable: boolean;
  /** The `Sunset` header of the endpoint's groups, when one has a sunset date (../retirement-schedule.ts). */
  readonly sunset?: string;
}

/** Headers every response carries, whatever its status. */
function standardHeaders(type: ResponseType, policy: ResponsePolicy, config: Config): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': CONTENT_TYPES[type],
    'X-Content-Type-Options': 'nosniff',
    'Access-Control-Allow-Origin': '*',
    // The type may come from Accept, so caches must keep one copy per Accept value.
    Vary: 'Accept',
    'Cache-Control': 'no-store',
    ...deprecationHeaders(config),
  };
  if (policy.sunset !== undefined) headers.Sunset = policy.sunset;
  return headers;
}

/** The page of a listing's first `count` items, as the same request with that `count` answers it. */
function firstItems(listing: Resource, count: number): Resource {
  const list = listing.shape.fields.find((field) => field.kind === 'list');
  if (list === undefined) return listing;
  const value = listing.value as Record<string, unknown>;
  const items = (value[list.name] as readonly unknown[]).slice(0, count);
  return resource(listing.shape, { ...value, [list.name]: items, ...('count' in value ? { count: items.length } : {}) });
}

/**
 * A handler's resource as the HTTP answer in the requested type. An answer too large for Lambda
 * to return is thrown as an error instead, naming the largest `count` whose page fits, which
 * `answerErrors` renders (docs/api.md, Errors: size).
 */
export function answer(page: Resource, context: ApiContext, policy: ResponsePolicy, config: Config): ApiResult {
  const { responseType = 'xml', callback = '' } = context;
  const headers = standardHeaders(responseType, policy, config);
  if (policy.cacheable) headers['Cache-Control'] = 'public, max-age=300';
  const render = (body: Resource): ApiResult => ({
    statusCode: 200,
    headers,
    body: renderBody(responseType, body, { callback, phpClassPrefix: config.phpClassPrefix }),
  });
  const result = render(page);
  const share = oversize(result);
  if (share <= 1) return result;
  throw tooLarge(context.args?.count as number | undefined, share, (count) => fitsLambda(render(firstItems(page, count))));
}

/** An error the API did not expect, as error 500: its stack goes to the log only, the body says "Internal error". */
function unexpected(request: ApiRequest): ApiError {
  const { error } = request;
  logger.error(
    { message: 'unexpected error, answered as error 500', route: request.event.routeKey },
    error instanceof Error ? error : new Error(String(error)),
  );
  return new ApiError(500);
}

/** Every failure in the requested type; nothing of an unexpected error reaches the body. */
function failure(request: ApiRequest, policy: ResponsePolicy, config: Config): ApiResult {
  const error = request.error instanceof ApiError ? request.error : unexpected(request);
  const { code, message, status } = error;
  const { responseType = 'xml', callback } = request.context;
  const headers = { ...standardHeaders(responseType, policy, config), ...error.headers };
  if (responseType !== 'javascript') {
    const body = renderBody(responseType, resource(ErrorShape, { code, message }), { callback: '', phpClassPrefix: config.phpClassPrefix });
    return { statusCode: status, headers, body };
  }
  // A script must run to report anything, so the Javascript type always answers 200.
  const body =
    callback === undefined
      ? renderAlert(message)
      : renderBody('javascript', resource(ScriptErrorShape, { code, message, status }), {
          callback,
          phpClassPrefix: config.phpClassPrefix,
        });
  return { statusCode: 200, headers, body };
}

/** Whatever was thrown, as the answer in the requested type; nothing of an unexpected error reaches the body. */
export const answerErrors = (policy: ResponsePolicy, config: Config): ApiMiddleware => ({
  onError: (request) => {
    request.response = failure(request, policy, config);
  },
});
