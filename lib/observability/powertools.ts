/**
 * The container's one Logger and one Metrics, made when a function's module loads from the
 * standard Powertools variables, and the middlewares that publish them: the Lambda context on
 * every log line, one summary line per request, and each invocation's counts in one EMF line.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { setting } from '../config';
import type { Group } from '../retirement-schedule';
import type { MiddlewareObj, Request } from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';

const DEFAULT_SERVICE_NAME = 'social-news-read-api';
const DEFAULT_METRICS_NAMESPACE = 'SocialNewsReadApi';

// Powertools prefers an option to its variable, so the variable is read here and the option is only the fallback.
const serviceName = setting(process.env, 'POWERTOOLS_SERVICE_NAME', DEFAULT_SERVICE_NAME);

export const logger = new Logger({ serviceName });

export const metrics = new Metrics({
  namespace: setting(process.env, 'POWERTOOLS_METRICS_NAMESPACE', DEFAULT_METRICS_NAMESPACE),
  serviceName,
});

/** Every metric the functions emit; all are counts. */
export type MetricName =
  | 'Requests'
  | 'ShortUrlsCreated'
  | 'Redirects'
  | 'ViewsUnconfirmed'
  | 'RateLimited'
  | 'RetiredGallery'
  | 'RetiredApi'
  | 'RetiredCreate'
  | 'RetiredLinks';

/** The count of a group's answers given because of its sunset or a brownout (docs/api.md, Retirement). */
export const retiredMetric = (group: Group): MetricName => `Retired${group[0]!.toUpperCase()}${group.slice(1)}` as MetricName;

/**
 * Counts one event of the request being answered. Nothing is written yet: Powertools' logMetrics
 * middleware publishes the request's counts together, in one EMF line, once it is answered
 * (logMetrics, below).
 */
export function countMetric(name: MetricName): void {
  metrics.addMetric(name, MetricUnit.Count, 1);
}

/*
 * Every count of an invocation is published in two dimension sets: by the request's dimensions,
 * and in total (`service` alone).
 */
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
