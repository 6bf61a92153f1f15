/**
 * API Gateway HTTP API (payload format 2.0) events and route selection, as the real service
 * makes them, so that the handlers run locally exactly as they run behind API Gateway.
 */
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Route } from '../template/routes';

export interface IncomingRequest {
  readonly method: string;
  /** Path and query as the client sent them, e.g. `/error/1001?appkey=...`. */
  readonly target: string;
  /** Header names in any case; repeated headers as arrays. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly sourceIp: string;
  readonly host: string;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** One segment of a route's path: literal text, a `{name}` or a greedy `{name+}`. */
type SegmentPattern = { readonly literal: string } | { readonly parameter: string; readonly greedy: boolean };

interface CompiledRoute {
  readonly route: Route;
  readonly segments: readonly SegmentPattern[];
}

function compile(route: Route): CompiledRoute {
  const segments = route.path.split('/').map((pattern): SegmentPattern => {
    const parameter = /^\{(.+?)(\+)?\}$/.exec(pattern);
    return parameter ? { parameter: parameter[1]!, greedy: parameter[2] === '+' } : { literal: pattern };
  });
  return { route, segments };
}

/** Path parameters when `route` matches the path's `segments`; `{name+}` takes the rest of the path. */
function matchPath({ segments: patterns }: CompiledRoute, segments: readonly string[]): Record<string, string> | undefined {
  const parameters: Record<string, string> = {};
  for (let i = 0; i < patterns.length; i++) {
    const pattern = patterns[i]!;
    if ('literal' in pattern) {
      if (pattern.literal !== segments[i]) return undefined;
      continue;
    }
    if (pattern.greedy) {
      const rest = segments.slice(i).join('/');
      if (rest === '') return undefined;
      parameters[pattern.parameter] = decodeSegment(rest);
      return parameters;
    }
    const segment = segments[i];
    if (segment === undefined || segment === '') return undefined;
    parameters[pattern.parameter] = decodeSegment(segment);
  }
  return patterns.length === segments.length ? parameters : undefined;
}

/** How literal a route is: API Gateway prefers routes with more literal segments. */
const literalSegments = ({ segments }: CompiledRoute): number => segments.filter((segment) => 'literal' in segment).length;

/** A route list's routes compiled and in the order API Gateway tries them, made once per list: it is used on every request. */
const routeTables = new WeakMap<readonly Route[], { readonly ordered: readonly CompiledRoute[]; readonly fallback: Route | undefined }>();

function routeTable(routes: readonly Route[]) {
  let table = routeTables.get(routes);
  if (table === undefined) {
    const ordered = routes
      .filter((route) => route.path !== '$default')
      .map(compile)
      .sort((a, b) => literalSegments(b) - literalSegments(a));
    table = { ordered, fallback: routes.find((route) => route.path === '$default') };
    routeTables.set(routes, table);
  }
  return table;
}

export interface RouteMatch {
  readonly route: Route;
  readonly pathParameters: Record<string, string> | undefined;
}

export function selectRoute(routes: readonly Route[], method: string, path: string): RouteMatch | undefined {
  const { ordered, fallback } = routeTable(routes);
  const segments = path.split('/');
  for (const compiled of ordered) {
    if (compiled.route.method !== 'ANY' && compiled.route.method !== method) continue;
    const pathParameters = matchPath(compiled, segments);
    if (pathParameters) return { route: compiled.route, pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined };
  }
  return fallback && { route: fallback, pathParameters: undefined };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** API Gateway's request time format, e.g. `22/Nov/2026:09:00:00 +0000`. */
function requestTime(date: Date): string {
  const day = `${twoDigits(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}`;
  return `${day}:${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}:${twoDigits(date.getUTCSeconds())} +0000`;
}

export function apiEvent(request: IncomingRequest, match: RouteMatch, now = new Date()): APIGatewayProxyEventV2 {
  const queryStart = request.target.indexOf('?');
  const rawPath = queryStart === -1 ? request.target : request.target.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.target.slice(queryStart + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : String(value);
  }
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString)) {
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
  }
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: match.route.routeKey,
    rawPath,
    rawQueryString,
    headers,
    ...(rawQueryString ? { queryStringParameters } : {}),
    ...(match.pathParameters ? { pathParameters: match.pathParameters } : {}),
    requestContext: {
      accountId: '123456789012',
      apiId: 'local',
      domainName: request.host,
      domainPrefix: request.host.split('.')[0] ?? request.host,
      http: {
        method: request.method,
        path: decodeSegment(rawPath),
        protocol: 'HTTP/1.1',
        sourceIp: request.sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: match.route.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}
