/** Serves the API on loopback: the handlers API Gateway invokes, with the events it would build. */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { contextFields, type InvokeFunction, invokeInProcess, lambdaContext, routeRequest } from './invoke';
import type { Route } from '../template/routes';
import type { RequestsInFlight } from './in-flight';

export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

/** A file the local server answers a GET with as it is, outside the template's routes. */
export interface StaticFile {
  readonly contentType: string;
  readonly body: string;
  /** 200 unless told (`npm start`'s retired reference page). */
  readonly statusCode?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

export type StaticFiles = (path: string) => StaticFile | undefined;

function send(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  response.writeHead(result.statusCode ?? 200, { ...result.headers, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

/** The request target in origin form (`/path?query`): a server must accept the absolute form too (RFC 9112, 3.2.2). */
function originForm(target: string): string {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(target);
  if (!authority) return target;
  const rest = target.slice(authority[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

interface ServerOptions {
  readonly routes: readonly Route[];
  readonly port: number;
  readonly timeoutSeconds: number;
  /** Requests wait for this before a function loads: a module checks its settings as it loads, and a failed load stays failed. */
  readonly ready?: Promise<unknown>;
  /** Files by their exact path, before the routes on GET; a promise, as the reference page names the servers' addresses. */
  readonly files?: Promise<StaticFiles>;
  /** In this process's shared modules unless told (`npm start`: ./environments.ts). */
  readonly invoke?: InvokeFunction;
  /** Told of each request from its arrival until its answer is sent. */
  readonly inFlight?: RequestsInFlight;
}

async function answer(
  { routes, timeoutSeconds, ready, files, invoke = invokeInProcess }: ServerOptions,
  request: IncomingMessage,
  response: ServerResponse,
) {
  const method = request.method ?? 'GET';
  const target = originForm(request.url ?? '/');
  const path = target.split('?')[0]!;
  const file = method === 'GET' && files ? (await files)(path) : undefined;
  if (file) {
    const headers = { ...file.headers, 'Content-Type': file.contentType, 'Cache-Control': 'no-store' };
    send(response, { statusCode: file.statusCode ?? 200, headers, body: file.body });
    return;
  }
  const routed = routeRequest(routes, {
    method,
    target,
    headers: request.headers,
    sourceIp: request.socket.remoteAddress,
    host: request.headers.host,
  });
  if (!routed) {
    // API Gateway's own answer when no route, not even $default, takes the request.
    send(response, { statusCode: 404, headers: { 'Content-Type': 'application/json' }, body: '{"message":"Not Found"}' });
    return;
  }
  const { fn } = routed.route;
  try {
    await ready;
    // Lambda's request id is the invocation's own, not API Gateway's (the function logs both).
    const context = lambdaContext(contextFields(fn.id, randomUUID(), fn.memoryMb, timeoutSeconds * 1000));
    send(response, await invoke(fn, routed.event, context));
  } catch (error) {
    // API Gateway answers a failed invocation 500 with its own body.
    console.error(`${fn.id} failed:`, error);
    send(response, { statusCode: 500, headers: { 'Content-Type': 'application/json' }, body: '{"message":"Internal Server Error"}' });
  }
}

export async function startLocalServer(options: ServerOptions): Promise<LocalServer> {
  const server = createServer((request, response) => {
    options.inFlight?.enter();
    response.once('close', () => options.inFlight?.leave());
    request.resume();
    request.on('end', () => void answer(options, request, response));
  });
  await once(server.listen(options.port, '127.0.0.1'), 'listening'); // rejects with the listen's error
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((closed) => server.close(() => closed())) };
}
