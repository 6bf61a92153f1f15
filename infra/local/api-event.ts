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

/** A route's path as a pattern: `{name}` takes one segment, a greedy `{name+}` the rest of the path. */
function compile(route: Route) {
  const parameters: string[] = [];
  const segments = route.path.split('/').map((segment) => {
    const parameter = /^\{(.+?)(\+)?\}$/.exec(segment);
    if (!parameter) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    parameters.push(parameter[1]!);
    return parameter[2] ? '(.+)' : '([^/]+)';
  });
  return { route, pattern: new RegExp(`^${segments.join('/')}$`, 's'), parameters, literals: segments.length - parameters.length };
}

/** Each route list's routes compiled, in the order API Gateway tries them (more literal segments first). */
const routeTables = new WeakMap<readonly Route[], { ordered: ReturnType<typeof compile>[]; fallback: Route | undefined }>();

export interface RouteMatch {
  readonly route: Route;
  readonly pathParameters: Record<string, string> | undefined;
}

export function selectRoute(routes: readonly Route[], method: string, path: string): RouteMatch | undefined {
  let table = routeTables.get(routes);
  if (table === undefined) {
    const ordered = routes.filter((route) => route.path !== '$default').map(compile);
    table = { ordered: ordered.sort((a, b) => b.literals - a.literals), fallback: routes.find((route) => route.path === '$default') };
    routeTables.set(routes, table);
  }
  for (const { route, pattern, parameters } of table.ordered) {
    if (route.method !== 'ANY' && route.method !== method) continue;
    const found = pattern.exec(path);
    if (!found) continue;
    const values = parameters.map((name, i) => [name, decodeSegment(found[i + 1]!)]);
    return { route, pathParameters: values.length ? Object.fromEntries(values) : undefined };
  }
  return table.fallback && { route: table.fallback, pathParameters: undefined };
}

/** API Gateway's request time format, e.g. `22/Nov/2026:09:00:00 +0000`. */
function requestTime(date: Date): string {
  const [, day, month, year, time] = date.toUTCString().split(' ');
  return `${day}/${month}/${year}:${time} +0000`;
}

export function apiEvent(request: IncomingRequest, match: RouteMatch, now = new Date()): APIGatewayProxyEventV2 {
  const queryStart = request.target.indexOf('?');
  const rawPath = queryStart === -1 ? request.target : request.target.slice(0, queryStart);
  const rawQueryString = queryStart === -1 ? '' : request.target.slice(queryStart + 1);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : String(value);
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(rawQueryString))
    queryStringParameters[name] = name in queryStringParameters ? `${queryStringParameters[name]},${value}` : value;
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
      requestId: randomUUID(),
      routeKey: match.route.routeKey,
      stage: '$default',
      time: requestTime(now),
      timeEpoch: now.getTime(),
    },
    isBase64Encoded: false,
  };
}
