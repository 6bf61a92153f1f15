import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { config } from '../config';
import { ApiError } from '../errors';
import { observeApiRequests } from '../observability/summaries';
import type { Resource } from '../resources';
import type { ArgumentSchema, ArgumentsOf } from './arguments';
import type { ApiContext, ApiEvent, ApiResult } from './context';
import { DEADLINE_OPTIONS, untilAnswered } from './deadline';
import { negotiateType, parseQuery, requireAppKey, requireCallback, validateArguments } from './middlewares';
import { respond, type ResponsePolicy } from './respond';

export interface EndpointSpec<S extends ArgumentSchema> {
  /** The endpoint's own query arguments; `appkey`, `type` and `callback` are always accepted. */
  readonly args: S;
  /** Static data: successful answers may be cached publicly for five minutes. */
  readonly cacheable?: boolean;
  /** A gallery endpoint, announced for removal with `Sunset`. */
  readonly sunset?: boolean;
}

/** `signal` is aborted at the request's deadline, and once the handler has answered (./deadline.ts). */
export type EndpointHandler<S extends ArgumentSchema> = (
  args: ArgumentsOf<S>,
  event: ApiEvent,
  context: ApiContext,
  signal: AbortSignal,
) => Resource | Promise<Resource>;

export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/**
 * The part of the pipeline every request goes through: the log line and counts of each request
 * (first, so that they see the final answer), then how errors are answered.
 */
const responsePipeline = (policy: ResponsePolicy) =>
  middy<ApiEvent, unknown, Error, ApiContext>(DEADLINE_OPTIONS)
    .use(observeApiRequests())
    .use(respond(policy, config))
    .use(parseQuery())
    .use(negotiateType())
    .use(requireCallback());

/**
 * One endpoint's Lambda handler: the shared pipeline, in order, then the endpoint's own code,
 * which declares its arguments and answers a resource; bytes, headers and status are made here.
 */
export function endpoint<S extends ArgumentSchema>(spec: EndpointSpec<S>, handle: EndpointHandler<S>): LambdaHandler {
  const policy = { cacheable: spec.cacheable ?? false, sunset: spec.sunset ?? false };
  return responsePipeline(policy)
    .use(requireAppKey(config.deniedAppKeys))
    .use(validateArguments(spec.args))
    .handler((event, context, { signal }) =>
      untilAnswered(signal, async (answered) => handle(context.args as ArgumentsOf<S>, event, context, answered)),
    ) as unknown as LambdaHandler;
}

/**
 * The answer to any path or method the API does not have: 404 in the requested type. There is
 * no endpoint to check an app key or arguments for.
 */
export function unmatchedRoute(): LambdaHandler {
  return responsePipeline({ cacheable: false, sunset: false }).handler(() => {
    throw new ApiError(404);
  }) as unknown as LambdaHandler;
}

/** A path parameter as API Gateway decoded it; empty when absent. */
export function pathParameter(event: ApiEvent, name: string): string {
  return event.pathParameters?.[name] ?? '';
}
