import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { config } from '../config';
import { ApiError } from '../api-error';
import { observeRequests, retiredMetric } from '../observability/powertools';
import type { Resource } from '../resources/shape';
import type { ArgumentSchema, ArgumentsOf } from './arguments';
import type { ApiContext, ApiEvent, ApiResult } from './context';
import { DEADLINE_OPTIONS, untilAnswered } from '../db/failures';
import {
  negotiateType,
  type NotUtf8Path,
  parseQuery,
  retireOnSchedule,
  noteAppKey,
  requireAppKey,
  requireCallback,
  requireUtf8Path,
  validateArguments,
} from './middlewares';
import { answer, answerErrors, type ResponsePolicy } from './respond';
import { type Group, sunsetHeader } from '../retirement-schedule';

export interface EndpointSpec<S extends ArgumentSchema> {
  /** The endpoint's own query arguments; `appkey`, `type` and `callback` are always accepted. */
  readonly args: S;
  /** Static data: successful answers may be cached publicly for five minutes. */
  readonly cacheable?: boolean;
  /** The group it retires with besides the whole API's (docs/api.md, Retirement): the gallery's, or creation's. */
  readonly group?: Extract<Group, 'gallery' | 'create'>;
  /** A path whose escapes are not UTF-8 is this error; without it, API Gateway's decoding (U+FFFD) is taken. */
  readonly notUtf8Path?: NotUtf8Path;
}

/** A request as the pipeline has checked it: what an endpoint's handler is given. */
export interface EndpointRequest<A> {
  /** The endpoint's own arguments, parsed and checked against its schema. */
  readonly args: A;
  /** The application key, in normalised form. */
  readonly appKey: string;
  /** The client's address, as API Gateway saw it. */
  readonly clientAddress: string;
  /** API Gateway's id of the request: what makes a write idempotent across the SDK's retries. */
  readonly requestId: string;
  /** A path parameter as API Gateway decoded it; empty when absent. */
  readonly path: (name: string) => string;
  /** Aborted at the request's deadline, and once the handler has answered (../db/failures.ts). */
  readonly signal: AbortSignal;
}

export type EndpointHandler<S extends ArgumentSchema> = (request: EndpointRequest<ArgumentsOf<S>>) => Resource | Promise<Resource>;

export type LambdaHandler = (event: ApiEvent, context: Context) => Promise<ApiResult>;

/** A path parameter as API Gateway decoded it; empty when absent. */
const pathParameter = (event: ApiEvent, name: string): string => event.pathParameters?.[name] ?? '';

/**
 * What the API's request line and counts say: route, response type, normalised app key (absent
 * when refused before it was checked), status, and the group and why when retired; `Requests` by
 * route, type and status, and a count of the group's retired answers. Until (or unless) the type
 * is negotiated, the answer is XML.
 */
const observeApiRequests = () =>
  observeRequests<ApiContext>(({ event, context }, statusCode) => {
    const type = context.responseType ?? 'xml';
    return {
      fields: { route: event.routeKey, type, app_key: context.appKey, retired: context.retired },
      dimensions: { endpoint: event.routeKey, type, status: String(statusCode) },
      counts: context.retired === undefined ? [] : [retiredMetric(context.retired.group)],
    };
  });

/**
 * The part of the pipeline every request goes through: the log line and counts of each request
 * (first, so that they see the final answer), then how errors are answered; a retired endpoint
 * answers as soon as the query is read.
 */
function responsePipeline(groups: readonly Group[], cacheable: boolean) {
  const policy: ResponsePolicy = { cacheable, sunset: sunsetHeader(config.schedule, groups) };
  const pipeline = middy<ApiEvent, ApiResult, Error, ApiContext>(DEADLINE_OPTIONS)
    .use(observeApiRequests())
    .use(answerErrors(policy, config))
    .use(parseQuery());
  const retirement = retireOnSchedule(groups, config.schedule, config.deniedAppKeys);
  if (retirement !== undefined) pipeline.use(retirement);
  return { policy, pipeline: pipeline.use(negotiateType()).use(requireCallback()) };
}

function checkedRequest<S extends ArgumentSchema>(
  event: ApiEvent,
  context: ApiContext,
  signal: () => AbortSignal,
): EndpointRequest<ArgumentsOf<S>> {
  const { appKey, args } = context;
  if (appKey === undefined || args === undefined) throw new Error('the pipeline answered before checking the app key and arguments');
  return {
    args: args as ArgumentsOf<S>,
    appKey,
    clientAddress: event.requestContext.http.sourceIp,
    requestId: event.requestContext.requestId,
    path: (name) => pathParameter(event, name),
    get signal() {
      return signal();
    },
  };
}

/**
 * One endpoint's Lambda handler: the shared pipeline, in order, then the endpoint's own code,
 * which declares its arguments and answers a resource; bytes, headers and status are made here.
 */
export function endpoint<S extends ArgumentSchema>(spec: EndpointSpec<S>, handle: EndpointHandler<S>): LambdaHandler {
  const { policy, pipeline } = responsePipeline(['api', ...(spec.group === undefined ? [] : [spec.group])], spec.cacheable ?? false);
  pipeline.use(requireAppKey(config.deniedAppKeys)).use(validateArguments(spec.args));
  if (spec.notUtf8Path !== undefined) pipeline.use(requireUtf8Path(spec.notUtf8Path));
  return pipeline.handler((event, context, { signal }) =>
    untilAnswered(signal, async (answered) => answer(await handle(checkedRequest<S>(event, context, answered)), context, policy, config)),
  );
}

/**
 * The answer to any path or method the API does not have: 404 in the requested type, whatever
 * the app key and arguments (there is no endpoint to check them for); a valid key is logged.
 */
export function unmatchedRoute(): LambdaHandler {
  return responsePipeline(['api'], false)
    .pipeline.use(noteAppKey(config.deniedAppKeys))
    .handler(() => {
      throw new ApiError(404);
    });
}
