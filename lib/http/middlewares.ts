/**
 * The request side of the pipeline: small middlewares with one job each, in the order
 * `endpoint()` composes them. Each puts what it learns on the context (see ApiContext).
 */
import { ApiError } from '../api-error';
import { type Group, isScheduled, type Schedule, verdict } from '../retirement-schedule';
import { RESPONSE_TYPES, type ResponseType, typeFromAccept } from '../render';
import { checkAppKey, COMMON_ARGUMENTS, type ArgumentSchema, checkCallback } from './arguments';
import type { ApiMiddleware, ApiRequest } from './context';
import { isUtf8Path, queryArguments, type QueryArguments } from './query';

/** The request's query arguments, which parseQuery, first in the chain, has read. */
function queryOf(request: ApiRequest): QueryArguments {
  const { query } = request.context;
  if (query === undefined) throw new Error('parseQuery must come before the middlewares that read arguments');
  return query;
}

const query = (request: ApiRequest): ReadonlyMap<string, string> => queryOf(request).values;

/**
 * The app key, checked (./arguments.ts). A key whose escapes are not UTF-8 is 1028: decoding would
 * put U+FFFD in their place, and two keys would read as one (docs/api.md, `appkey`).
 */
function appKeyOf(request: ApiRequest, denied: ReadonlySet<string>): string {
  const { values, notUtf8 } = queryOf(request);
  const raw = values.get('appkey');
  if (raw !== undefined && raw !== '' && notUtf8.has('appkey')) throw new ApiError(1028);
  return checkAppKey(raw, denied);
}

/** First in the chain: a reused context must not carry an earlier request's findings. */
export const parseQuery = (): ApiMiddleware => ({
  before: (request) => {
    Object.assign(request.context, { responseType: undefined, callback: undefined, appKey: undefined, args: undefined });
    request.context.query = queryArguments(request.event);
  },
});

/** The type a request asks for: `type` (any case) over `Accept`; XML, and not valid, for an unknown `type`. */
function askedType(request: ApiRequest): { type: ResponseType; valid: boolean } {
  const asked = query(request).get('type');
  if (asked === undefined) return { type: typeFromAccept(request.event.headers?.accept), valid: true };
  const type = asked.toLowerCase();
  return RESPONSE_TYPES.includes(type as ResponseType) ? { type: type as ResponseType, valid: true } : { type: 'xml', valid: false };
}

/** `type` (any case) wins over `Accept`; an unknown `type` is 1001, answered in XML. */
export const negotiateType = (): ApiMiddleware => ({
  before: (request) => {
    const { type, valid } = askedType(request);
    request.context.responseType = type;
    if (!valid) throw new ApiError(1001, 'type');
  },
});

/**
 * What an answer given whatever was asked (a retired endpoint's) can read of the request
 * without refusing it: the type as near as it is asked (XML for an unknown one), the callback
 * when it is valid (else the answer is an `alert()`), and the app key when it is, for the log.
 */
function readLeniently(request: ApiRequest, denied: ReadonlySet<string>): void {
  const { type } = askedType(request);
  request.context.responseType = type;
  request.context.callback = type === 'javascript' ? acceptable(() => checkCallback(query(request).get('callback'))) : undefined;
  request.context.appKey = acceptable(() => appKeyOf(request, denied));
}

/** What `read` gives, or undefined when it refuses (an ApiError). */
function acceptable<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return undefined;
  }
}

/** Only the Javascript type needs a callback; with the other types it is ignored. */
export const requireCallback = (): ApiMiddleware => ({
  before: (request) => {
    if (request.context.responseType === 'javascript') {
      request.context.callback = checkCallback(query(request).get('callback'));
    }
  },
});

/**
 * The catch-all answers 404 whatever the key, but notes a valid one, so that its request line tells
 * operators which applications still call paths the API does not have (or no longer has).
 */
export const noteAppKey = (denied: ReadonlySet<string>): ApiMiddleware => ({
  before: (request) => {
    request.context.appKey = acceptable(() => appKeyOf(request, denied));
  },
});

export const requireAppKey = (denied: ReadonlySet<string>): ApiMiddleware => ({
  before: (request) => {
    request.context.appKey = appKeyOf(request, denied);
  },
});

// An argument's name is told back only when it cannot carry markup or script.
const NAMEABLE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Rejects arguments the endpoint does not take (1001), then parses its own. */
export const validateArguments = (schema: ArgumentSchema): ApiMiddleware => ({
  before: (request) => {
    const { values: given, notUtf8 } = queryOf(request);
    for (const name of given.keys()) {
      if (!COMMON_ARGUMENTS.has(name) && !Object.hasOwn(schema, name)) {
        throw new ApiError(1001, NAMEABLE.test(name) ? name : undefined);
      }
    }
    const args: Record<string, unknown> = {};
    for (const [name, spec] of Object.entries(schema)) {
      if (spec.notUtf8 !== undefined && notUtf8.has(name)) throw new ApiError(spec.notUtf8, name);
      args[name] = spec.parse(given.get(name), name);
    }
    request.context.args = args;
  },
});

/** What to answer for a path whose percent-escapes are not UTF-8: error `code` naming `segment`. */
export interface NotUtf8Path {
  readonly code: number;
  readonly segment: string;
}

/**
 * Refuses a path whose percent-escapes are not UTF-8: API Gateway decodes them to U+FFFD, so two
 * different segments would read the same (docs/api.md, Arguments every endpoint takes).
 */
export const requireUtf8Path = ({ code, segment }: NotUtf8Path): ApiMiddleware => ({
  before: (request) => {
    if (!isUtf8Path(request.event.rawPath)) throw new ApiError(code, segment);
  },
});

/**
 * A retired or browned-out endpoint's answer (docs/api.md, Retirement): 410 with the catalogue
 * error 404 and why, decided right after the query is read, before anything is checked or read.
 * Groups with no schedule get no such middleware, so their requests do not even read the clock.
 */
export function retireOnSchedule(groups: readonly Group[], schedule: Schedule, denied: ReadonlySet<string>): ApiMiddleware | undefined {
  if (!isScheduled(schedule, groups)) return undefined;
  return {
    before: (request) => {
      const now = verdict(schedule, groups, Date.now());
      if (now.answer !== 'gone') return;
      readLeniently(request, denied);
      request.context.retired = { group: now.group, why: now.why };
      throw new ApiError(404, now.message, { status: 410 });
    },
  };
}
