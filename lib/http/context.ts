import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ResponseType } from '../render';
import type { Group } from '../retirement-schedule';
import type { QueryArguments } from './query';

/**
 * What the pipeline's middlewares learn about a request, kept on the Lambda context as middy's
 * own negotiation middlewares do. Each is set by the one middleware that owns it; a request's
 * handler receives them checked, as an EndpointRequest (./endpoint.ts).
 */
export interface ApiContext extends Context {
  /** Every query argument by name, first value of a repeated one. */
  query?: QueryArguments;
  responseType?: ResponseType;
  /** The validated callback, set only for the Javascript type. */
  callback?: string;
  /** The application key in normalised form. */
  appKey?: string;
  /** The endpoint's own arguments, parsed and checked. */
  args?: Readonly<Record<string, unknown>>;
  /** Answered 410 because its group is retired or browned out (retireOnSchedule, ./middlewares.ts). */
  retired?: { readonly group: Group; readonly why: 'sunset' | 'brownout' };
}

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export type ApiRequest = Request<ApiEvent, ApiResult, Error, ApiContext>;

export type ApiMiddleware = MiddlewareObj<ApiEvent, ApiResult, Error, ApiContext>;
