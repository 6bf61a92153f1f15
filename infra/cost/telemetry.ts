/**
 * What one request writes to CloudWatch, built from the code and the template with values of a prod stage's length: its request and EMF
 * lines, Lambda's platform records and its API's access line (test/integration/cost-telemetry.test.ts holds the first two to what the
 * functions write); the custom metrics the counts make, and the Contributor Insights events a request is matched as.
 */
import { RESPONSE_TYPES } from '../../lib/render';
import { resolveValue } from '../template/evaluate';
import type { Route } from '../template/routes';
import { functionLogGroup, type Stack } from './stack';

const REQUEST_ID = '3f1c9a52-7d4e-4b8a-9c61-2e5f0a7b8d93';
const API_REQUEST_ID = 'Kz1aB2cD3eFgHiJ=';
const TRACE_ID = 'Root=1-6724c3a0-5f3c1e2d4b6a7c8d9e0f1a2b;Parent=53995c3f42cd8ad8;Sampled=0;Lineage=1:8a2b3c4d:0';
const TIME = '2026-11-01T12:00:00.000Z';
const APP_KEY = 'https://app.example.org/';
const SERVICE = 'social-news-read-api-prod';
const ACCOUNT_ARN = 'arn:aws:lambda:us-east-1:123456789012:function:';

/** A path as a client sends it: each parameter replaced by a value of its usual length. */
const samplePath = (route: Route) => route.path.replace(/\{[^}]+\}/g, '1002589').replace('$default', '/no/such/path');

const isApi = (route: Route) => route.api === 'Api';

/** The metric counts of a request of `route` answered as usual (the redirect host: a 301). */
function countsOf(route: Route): string[] {
  if (route.fn.id === 'RedirectFunction' && route.path !== '$default') return ['Requests', 'Redirects'];
  if (route.fn.id === 'ShortUrlCreateFunction') return ['Requests', 'ShortUrlsCreated'];
  return ['Requests'];
}

function requestLine(route: Route, functionName: string, memoryMb: number): object {
  const own = isApi(route)
    ? { route: route.routeKey, type: 'json', app_key: APP_KEY }
    : { route: route.routeKey, code: 'Zz9Zz9Q', view: route.routeKey === 'GET /{code}' ? 'counted' : null };
  return {
    level: 'INFO',
    message: 'request',
    timestamp: TIME,
    service: SERVICE,
    cold_start: false,
    function_arn: `${ACCOUNT_ARN}${functionName}`,
    function_memory_size: String(memoryMb),
    function_name: functionName,
    function_request_id: REQUEST_ID,
    sampling_rate: 0,
    xray_trace_id: TRACE_ID.slice('Root='.length, TRACE_ID.indexOf(';')),
    ...own,
    api_request_id: API_REQUEST_ID,
    status: 200,
    duration_ms: 12.345,
  };
}

function emfLine(route: Route): object {
  const dimensions = isApi(route) ? { endpoint: route.routeKey, type: 'json', status: '200' } : { endpoint: route.routeKey, status: '301' };
  const counts = countsOf(route);
  return {
    _aws: {
      Timestamp: Date.parse(TIME),
      CloudWatchMetrics: [
        {
          Namespace: 'SocialNewsReadApi',
          Dimensions: [['service', ...Object.keys(dimensions)], ['service']],
          Metrics: counts.map((Name) => ({ Name, Unit: 'Count' })),
        },
      ],
    },
    service: SERVICE,
    ...dimensions,
    ...Object.fromEntries(counts.map((name) => [name, 1])),
  };
}

const platformStart = { time: TIME, type: 'platform.start', record: { requestId: REQUEST_ID, version: '$LATEST' } };
const platformReport = (memoryMb: number) => {
  const metrics = { durationMs: 12.345, billedDurationMs: 13, memorySizeMB: memoryMb, maxMemoryUsedMB: 95 };
  return { time: TIME, type: 'platform.report', record: { requestId: REQUEST_ID, metrics, status: 'success' } };
};

/** A value for each `$context` variable the access-log format may name; a variable not here stops the cost. */
function accessValue(name: string, route: Route): string {
  const values: Record<string, string> = {
    requestId: API_REQUEST_ID,
    'identity.sourceIp': '203.0.113.17',
    requestTime: '01/Nov/2026:12:00:00 +0000',
    httpMethod: route.method === 'ANY' ? 'GET' : route.method,
    routeKey: route.routeKey,
    path: samplePath(route),
    status: '200',
    protocol: 'HTTP/1.1',
    responseLength: '1840',
    responseLatency: '16',
    integrationLatency: '14',
    integrationErrorMessage: '-',
  };
  const value = values[name];
  if (value === undefined) throw new Error(`the access-log format names $context.${name}, which the cost does not know`);
  return value;
}

function accessLine(stack: Stack, route: Route): string {
  const settings = stack.template.Resources[route.api]?.Properties?.AccessLogSettings;
  if (settings === undefined) return '';
  const format = String(resolveValue(stack.template, settings.Format));
  return format.replace(/\$context\.([A-Za-z.]+)/g, (_, name: string) => accessValue(name, route));
}

export interface RequestTelemetry {
  /** Log lines written, and their bytes (a newline each). */
  readonly logEvents: number;
  readonly logBytes: number;
  /** Bytes of the request line and the EMF line alone (what the functions write themselves). */
  readonly functionLineBytes: number;
  /** Contributor Insights rules the request line is matched by. */
  readonly insightEvents: number;
}

const bytesOf = (line: object | string) => Buffer.byteLength(typeof line === 'string' ? line : JSON.stringify(line)) + 1;

export function requestTelemetry(stack: Stack, route: Route): RequestTelemetry {
  const functionName = String(
    resolveValue(stack.template, stack.template.Resources[route.fn.id]?.Properties?.FunctionName, { parameters: { Stage: 'prod' } }),
  );
  const own = [requestLine(route, functionName, stack.memoryMb), emfLine(route)];
  const access = accessLine(stack, route);
  const lines = [...own, platformStart, platformReport(stack.memoryMb), ...(access === '' ? [] : [access])];
  const group = functionLogGroup(stack.template, route.fn.id, 'prod');
  return {
    logEvents: lines.length,
    logBytes: lines.reduce((n: number, line) => n + bytesOf(line), 0),
    functionLineBytes: own.reduce((n: number, line) => n + bytesOf(line), 0),
    // Every API request line carries an app key here: the rules match only those that do.
    insightEvents: isApi(route) ? stack.insightRules.filter((rule) => rule.logGroups.includes(group)).length : 0,
  };
}

/**
 * The custom metrics a month with traffic on every route makes (one per name and dimension values, lib/observability/powertools.ts): each
 * count by route (and response type on the API) with the status it usually answers, and each in total. Every further status seen on a route
 * adds one metric per type.
 */
export function customMetrics(stack: Stack): number {
  const perRoute = (route: Route) => (isApi(route) ? RESPONSE_TYPES.length : 1);
  const names = new Set(stack.routes.flatMap(countsOf));
  return stack.routes.reduce((n, route) => n + countsOf(route).length * perRoute(route), 0) + names.size;
}

/** Metrics a further status on an API route adds. */
export const METRICS_PER_API_STATUS = RESPONSE_TYPES.length;
