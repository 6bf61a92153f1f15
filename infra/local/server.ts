/**
 * Serves the API on loopback by invoking the same handlers API Gateway invokes, with the events
 * it would build. Each function's module is loaded once, as in a warm Lambda container.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { apiEvent, selectRoute } from './api-event';
import { contextFields, type InvokeFunction, invokeInProcess, lambdaContext } from './invoke';
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
  /** 200 unless told (a page in the file's place: `npm start`'s retired reference page). */
  readonly statusCode?: number;
  /** Headers besides its type and `Cache-Control: no-store`. */
  readonly headers?: Readonly<Record<string, string>>;
}

/** The file a GET of a path answers with, if any; asked at each request. */
export type StaticFiles = (path: string) => StaticFile | undefined;

function send(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  // A text body is written as the string it is: Node sends it in one write with the headers.
  const body = result.body === undefined ? '' : result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body;
  response.writeHead(result.statusCode ?? 200, { ...result.headers, 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

/**
 * The request target in origin form (`/path?query`). A client that takes the server for a proxy
 * sends the absolute form (`http://host/path?query`), which a server must accept as well
 * (RFC 9112, 3.2.2): it names the same resource, so it is routed by its path.
 */
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
  /**
   * Requests wait for this before a function's module is loaded. A module reads and checks its
   * settings when it loads, and a failed load stays failed (ES modules cache it), so a request
   * that came in before the environment was set would break its function until a restart.
   */
  readonly ready?: Promise<unknown>;
  /**
   * Files by their exact path, taken before the routes on GET (`npm start`'s API reference page at
   * /docs/: on AWS the catch-all answers there). A promise: the page names the servers' addresses.
   */
  readonly files?: Promise<StaticFiles>;
  /** How a function is invoked: in this process's shared modules unless told (`npm start`: ./environments.ts). */
  readonly invoke?: InvokeFunction;
  /** Told of each request from its arrival until its answer is sent (`npm start`: its sample load steps aside). */
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
  const match = selectRoute(routes, method, path);
  if (!match) {
    // API Gateway's own answer when no route, not even $default, takes the request.
    send(response, { statusCode: 404, headers: { 'Content-Type': 'application/json' }, body: '{"message":"Not Found"}' });
    return;
  }
  const event = apiEvent(
    {
      method,
      target,
      headers: request.headers,
      sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
      host: request.headers.host ?? 'localhost',
    },
    match,
  );
  try {
    await ready;
    const { id, memoryMb } = match.route.fn;
    // Lambda's request id is the invocation's own, not API Gateway's (the function logs both).
    const context = lambdaContext(contextFields(id, randomUUID(), memoryMb, timeoutSeconds * 1000));
    send(response, await invoke(match.route.fn, event, context));
  } catch (error) {
    // A failed invocation: API Gateway answers 500 with its own body; the stack goes to the log.
    console.error(`${match.route.fn.id} failed:`, error);
    send(response, { statusCode: 500, headers: { 'Content-Type': 'application/json' }, body: '{"message":"Internal Server Error"}' });
  }
}

export function startLocalServer(options: ServerOptions): Promise<LocalServer> {
  const server = createServer((request, response) => {
    options.inFlight?.enter();
    response.once('close', () => options.inFlight?.leave());
    request.resume();
    request.on('end', () => void answer(options, request, response));
  });
  return new Promise((resolveStarted, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolveStarted({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((closed) => server.close(() => closed())),
      });
    });
  });
}
