import type { Config } from '../config';
import { logger } from '../observability/powertools';
import { ApiError } from '../errors';
import { CONTENT_TYPES, loadRenderer, renderAlert, renderBody, type ResponseType } from '../render';
import { ErrorShape, resource, ScriptErrorShape, type Resource } from '../resources';
import type { ApiMiddleware, ApiRequest, ApiResult } from './context';
import { deprecationHeaders } from './deprecation';
import { fitsLambda, tooLarge } from './size';

export interface ResponsePolicy {
  /** Successful answers may be cached publicly for five minutes (static data). */
  readonly cacheable: boolean;
  /** A gallery endpoint: its removal date is announced with `Sunset`. */
  readonly sunset: boolean;
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
  if (policy.sunset) headers.Sunset = config.gallerySunsetDate.toUTCString();
  return headers;
}

function isResource(value: unknown): value is Resource {
  return typeof value === 'object' && value !== null && 'shape' in value && 'value' in value;
}

function success(request: ApiRequest, policy: ResponsePolicy, config: Config): ApiResult {
  const { responseType = 'xml', callback = '' } = request.context;
  if (!isResource(request.response)) throw new TypeError('the handler did not answer a resource');
  const headers = standardHeaders(responseType, policy, config);
  if (policy.cacheable) headers['Cache-Control'] = 'public, max-age=300';
  return {
    statusCode: 200,
    headers,
    body: renderBody(responseType, request.response, { callback, phpClassPrefix: config.phpClassPrefix }),
  };
}

function logUnexpected(request: ApiRequest, error: unknown): void {
  // The stack goes to the log only; the body says "Internal error" and nothing more.
  logger.error(
    { message: 'unexpected error, answered as error 500', route: request.event.routeKey },
    error instanceof Error ? error : new Error(String(error)),
  );
}

/** Every failure in the requested type; nothing of an unexpected error reaches the body. */
function failure(request: ApiRequest, policy: ResponsePolicy, config: Config): ApiResult {
  let error = request.error;
  if (!(error instanceof ApiError)) {
    logUnexpected(request, error);
    error = new ApiError(500);
  }
  const { code, message, status } = error as ApiError;
  const { responseType = 'xml', callback } = request.context;
  const headers = { ...standardHeaders(responseType, policy, config), ...(error as ApiError).headers };
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

/** Turns the handler's resource, or whatever was thrown, into the HTTP response; one too large to send becomes an error. */
export const respond = (policy: ResponsePolicy, config: Config): ApiMiddleware => ({
  after: async (request) => {
    await loadRenderer(request.context.responseType ?? 'xml');
    const result = success(request, policy, config);
    if (fitsLambda(result)) {
      request.response = result;
      return;
    }
    request.error = tooLarge(result, request.context.args?.count as number | undefined);
    request.response = failure(request, policy, config);
  },
  onError: async (request) => {
    await loadRenderer(request.context.responseType ?? 'xml');
    request.response = failure(request, policy, config);
  },
});
