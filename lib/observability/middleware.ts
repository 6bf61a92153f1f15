/**
 * The pipeline's observability: one middleware that writes one JSON log line per request (its
 * summary) and counts it, first in the chain so that it sees the final answer whatever failed.
 */
import type { MiddlewareObj, Request } from '@middy/core';
import type { Context } from 'aws-lambda';
import type { ApiEvent, ApiResult } from '../http/context';
import { countMetric, logger, type MetricName } from './powertools';

/** What a request's summary line and its counts hold, beyond request id, function name and cold start. */
export interface RequestSummary {
  /** Fields of the log line; never a query string, callback or body. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** Counts to emit, each with its (bounded) dimensions. */
  readonly counts: readonly (readonly [MetricName, Readonly<Record<string, string>>])[];
}

export type Summarise<C extends Context> = (request: Request<ApiEvent, unknown, Error, C>, statusCode: number) => RequestSummary;

/** One log line and the counts of `summarise` per request, after the rest of the pipeline answered. */
export function observeRequests<C extends Context>(summarise: Summarise<C>): MiddlewareObj<ApiEvent, unknown, Error, C> {
  // Per request, not per middleware: in-process callers (the local server, tests) may overlap requests.
  const started = new WeakMap<object, number>();
  const finish = (request: Request<ApiEvent, unknown, Error, C>) => {
    const durationMs = performance.now() - (started.get(request) ?? performance.now());
    const statusCode = (request.response as ApiResult | undefined)?.statusCode ?? 500;
    const { fields, counts } = summarise(request, statusCode);
    // API Gateway's request id too, which its access logs carry: one request, found in both.
    const api_request_id = (request.event as { requestContext?: { requestId?: string } }).requestContext?.requestId;
    logger.info('request', { ...fields, api_request_id, status: statusCode, duration_ms: Math.round(durationMs * 1000) / 1000 });
    for (const [name, dimensions] of counts) countMetric(name, dimensions);
  };
  return {
    before: (request) => {
      started.set(request, performance.now());
      // Request id, function name and cold start (true on the container's first request only).
      logger.addContext(request.context);
    },
    after: finish,
    onError: finish,
  };
}
