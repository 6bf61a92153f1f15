/**
 * The one way this project calls a function as Lambda does, in this process: the handler's
 * type, its module loaded by path, a Lambda context per invocation, the API Gateway event of a
 * request routed by template.yaml's routes, and its answer with header names in lower case. The
 * local server, the bench, the scale run and the tests all invoke through it; a bundle in a
 * fresh process (cold start, the tests of built bundles) goes through ./bundle-host.mjs, which
 * builds its context from contextFields() below.
 */
import { resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { apiEvent, type IncomingRequest, selectRoute } from './api-event';
import { PROJECT_ROOT } from '../template/read';
import type { FunctionDefinition } from '../template/functions';
import type { Route } from '../template/routes';

export type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Lambda's longest timeout: the time a context has left when the caller states none. */
const LONGEST_TIMEOUT_MS = 900_000;

/** A Lambda context's data, without its methods: plain, so that a child process can take it (./bundle-host.mjs). */
export type ContextFields = Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'> & {
  /** The time the invocation has: the function's timeout, as Lambda counts it from the start. */
  readonly remainingMs: number;
};

export function contextFields(functionName: string, requestId: string, memoryMb: number, remainingMs = LONGEST_TIMEOUT_MS): ContextFields {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:123456789012:function:${functionName}`,
    memoryLimitInMB: String(memoryMb),
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    remainingMs,
  };
}

/** A new context per invocation, as the Lambda runtime makes one; its deadline runs from now. */
export function lambdaContext({ remainingMs, ...fields }: ContextFields): Context {
  const deadline = Date.now() + remainingMs;
  return { ...fields, getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()), done() {}, fail() {}, succeed() {} };
}

/**
 * The handler `file` exports as `exportName`. An absolute path, not a file URL: jest's module
 * system (the tests) takes only paths, and Node's ES module loader (tsx, the bench) takes both.
 */
export async function importHandler(file: string, exportName: string): Promise<Handler> {
  const module = (await import(resolve(PROJECT_ROOT, file))) as Record<string, unknown>;
  const handler = module[exportName];
  if (typeof handler !== 'function') throw new Error(`${file} exports no function ${exportName}`);
  return handler as Handler;
}

/** A function's handler from its source, as the template names it. */
export const handlerOf = (fn: FunctionDefinition): Promise<Handler> => importHandler(fn.entry, fn.exportName);

/** How a server runs one invocation of a function. */
export type InvokeFunction = (
  fn: FunctionDefinition,
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/** In this process's modules, shared by every function (the tests, the bench); `npm start` gives each its own (./environments.ts). */
export const invokeInProcess: InvokeFunction = async (fn, event, context) => (await handlerOf(fn))(event, context);

/** A request as a client sends it; the rest of the event is API Gateway's. */
export interface Request extends Partial<Omit<IncomingRequest, 'target'>> {
  /** The path and raw query string, e.g. `/errors?appkey=…&type=json`. */
  readonly target: string;
  /** API Gateway's request id, when a caller sends the same request again. */
  readonly requestId?: string;
}

/** The event API Gateway sends for `request`, and the route that takes it; throws when none does. */
export function routedEvent(routes: readonly Route[], request: Request): { event: APIGatewayProxyEventV2; route: Route } {
  const method = request.method ?? 'GET';
  const match = selectRoute(routes, method, request.target.split('?')[0] ?? '');
  if (!match) throw new Error(`no route for ${method} ${request.target}`);
  const event = apiEvent(
    {
      method,
      target: request.target,
      headers: request.headers ?? {},
      sourceIp: request.sourceIp ?? '127.0.0.1',
      host: request.host ?? 'localhost',
    },
    match,
  );
  if (request.requestId !== undefined) event.requestContext.requestId = request.requestId;
  return { event, route: match.route };
}

/** An answer as a client reads it: status, headers by lower-case name, body. */
export interface Invocation {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export function asInvocation(result: APIGatewayProxyStructuredResultV2): Invocation {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  return { statusCode: result.statusCode ?? 200, headers, body: result.body ?? '' };
}

export interface InvokeOptions {
  /** The time the function has left; Lambda's longest timeout when not given. */
  readonly remainingMs?: number;
  /** How the route's handler is loaded: from its source by default. */
  readonly load?: (fn: FunctionDefinition) => Promise<Handler>;
}

/** Routes `request`, invokes the function that takes it, and answers what a client would read. */
export async function invokeRoute(routes: readonly Route[], request: Request, options: InvokeOptions = {}): Promise<Invocation> {
  const { event, route } = routedEvent(routes, request);
  const handler = await (options.load ?? handlerOf)(route.fn);
  const context = lambdaContext(contextFields(route.fn.id, event.requestContext.requestId, route.fn.memoryMb, options.remainingMs));
  return asInvocation(await handler(event, context));
}
