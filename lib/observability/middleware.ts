/**
 * The pipeline's observability, the Powertools way: its own middlewares put the Lambda context
 * (request id, function, cold start) on every log line (injectLambdaContext) and publish each
 * invocation's counts in one EMF line (logMetrics); between them, one middleware writes the
 * request's one summary line and its `Requests` count, after the rest of the pipeline answered,
 * so that it sees the final answer whatever failed. Every count of an invocation is published
 * in two dimension sets: by the request's dimensions, and in total (`service` alone).
 */
import type { MiddlewareObj, Request } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { countMetric, logger, type MetricName, metrics } from './powertools';

type Event = APIGatewayProxyEventV2;

/** What a request's summary line and its `Requests` count hold, beyond request id, function name and cold start. */
export interface RequestSummary {
  /** Fields of the log line; never a query string, callback or body. */
  readonly fields: Readonly<Record<string, unknown>>;
  /** The dimensions of its counts, from small fixed sets (a route key, a response type, a status number). */
  readonly dimensions: Readonly<Record<string, string>>;
  /** What its answer counts besides `Requests` (a redirect: `Redirects`). */
  readonly counts?: readonly MetricName[];
}

export type Summarise<C extends Context> = (request: Request<Event, unknown, Error, C>, statusCode: number) => RequestSummary;

/** The summary line and the `Requests` count of `summarise`, per request. */
function summaryLine<C extends Context>(summarise: Summarise<C>): MiddlewareObj<Event, unknown, Error, C> {
  // Per request, not per middleware: in-process callers (the local server, tests) may overlap requests.
  // process.hrtime, not performance.now(): the first use of `performance` loads node:perf_hooks.
  const started = new WeakMap<object, bigint>();
  const finish = (request: Request<Event, unknown, Error, C>) => {
    const now = process.hrtime.bigint();
    const durationMs = Number(now - (started.get(request) ?? now)) / 1e6;
    const statusCode = (request.response as APIGatewayProxyStructuredResultV2 | undefined)?.statusCode ?? 500;
    const { fields, dimensions, counts } = summarise(request, statusCode);
    // API Gateway's request id too, which its access logs carry: one request, found in both.
    const api_request_id = request.event.requestContext?.requestId;
    logger.info('request', { ...fields, api_request_id, status: statusCode, duration_ms: Math.round(durationMs * 1000) / 1000 });
    metrics.addDimensions({ ...dimensions }).addDimensions({});
    for (const name of ['Requests', ...(counts ?? [])] as const) countMetric(name);
  };
  return { before: (request) => void started.set(request, process.hrtime.bigint()), after: finish, onError: finish };
}

/** The observability middlewares, in the order the pipeline uses them: first, so that they see the final answer. */
export function observeRequests<C extends Context>(summarise: Summarise<C>): MiddlewareObj<Event, unknown, Error, C>[] {
  return [injectLambdaContext(logger), logMetrics(metrics), summaryLine(summarise)] as MiddlewareObj<Event, unknown, Error, C>[];
}
