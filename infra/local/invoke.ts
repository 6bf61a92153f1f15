/**
 * Calls a function as Lambda does, in this process: its handler, a Lambda context per invocation, the API Gateway event of a routed
 * request, and its answer. A bundle in a fresh process goes through ./bundle-host.mjs, with contextFields() below.
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

/** A Lambda context's data, plain, so that a child process can take it; `remainingMs`: the function's timeout. */
type ContextFields = Omit<Context, 'getRemainingTimeInMillis' | 'done' | 'fail' | 'succeed'> & { readonly remainingMs: number };

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

/** The function `module`, loaded from `file`, exports as `exportName`. */
export function handlerIn(module: Record<string, unknown>, file: string, exportName: string): Handler {
  if (typeof module[exportName] !== 'function') throw new Error(`${file} exports no function ${exportName}`);
  return module[exportName] as Handler;
}

/** An absolute path, not a file URL: jest's module system (the tests) takes only paths. */
export async function importHandler(file: string, exportName: string): Promise<Handler> {
  return handlerIn(await import(resolve(PROJECT_ROOT, file)), file, exportName);
}

/** A function's handler from its source, as the template names it. */
export const handlerOf = (fn: FunctionDefinition): Promise<Handler> => importHandler(fn.entry, fn.exportName);

/** How a server runs one invocation of a function. */
export type InvokeFunction = (fn: FunctionDefinition, ...call: Parameters<Handler>) => ReturnType<Handler>;

/** In this process's modules, shared by every function; `npm start` gives each its own (./environments.ts). */
export const invokeInProcess: InvokeFunction = async (fn, event, context) => (await handlerOf(fn))(event, context);

/** A request as a client sends it; the rest of the event is API Gateway's. */
export interface Request extends Partial<Omit<IncomingRequest, 'target'>> {
  /** The path and raw query string, e.g. `/errors?appkey=…&type=json`. */
  readonly target: string;
  /** API Gateway's request id, when a caller sends the same request again. */
  readonly requestId?: string;
}

/** The event API Gateway sends for `request`, and the route that takes it; undefined when none does. */
export function routeRequest(routes: readonly Route[], request: Request): { event: APIGatewayProxyEventV2; route: Route } | undefined {
  const method = request.method ?? 'GET';
  const match = selectRoute(routes, method, request.target.split('?')[0]!);
  if (!match) return undefined;
  const { target, headers = {}, sourceIp = '127.0.0.1', host = 'localhost' } = request;
  const event = apiEvent({ method, target, headers, sourceIp, host }, match);
  if (request.requestId !== undefined) event.requestContext.requestId = request.requestId;
  return { event, route: match.route };
}

export function routedEvent(routes: readonly Route[], request: Request): { event: APIGatewayProxyEventV2; route: Route } {
  const routed = routeRequest(routes, request);
  if (!routed) throw new Error(`no route for ${request.method ?? 'GET'} ${request.target}`);
  return routed;
}

/** An answer as a client reads it: status, headers by lower-case name, body. */
export interface Invocation {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export function asInvocation(result: APIGatewayProxyStructuredResultV2): Invocation {
  const headers = Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]);
  return { statusCode: result.statusCode ?? 200, headers: Object.fromEntries(headers), body: result.body ?? '' };
}

export interface InvokeOptions {
  readonly remainingMs?: number;
  /** From its source by default. */
  readonly load?: (fn: FunctionDefinition) => Promise<Handler>;
}

/** Routes `request`, invokes the function that takes it, and answers what a client would read. */
export async function invokeRoute(routes: readonly Route[], request: Request, options: InvokeOptions = {}): Promise<Invocation> {
  const { event, route } = routedEvent(routes, request);
  const handler = await (options.load ?? handlerOf)(route.fn);
  const context = lambdaContext(contextFields(route.fn.id, event.requestContext.requestId, route.fn.memoryMb, options.remainingMs));
  return asInvocation(await handler(event, context));
}
