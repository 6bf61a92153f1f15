/** An assertion that a response is a given error in a given type, and handlers run through infra/local/invoke.ts. */
import { MEDIA_TYPES, type ResponseType, TYPES } from '../../infra/ops/smoke/parsers';
import { type Handler, handlerOf, type Invocation, invokeRoute } from '../../infra/local/invoke';
import type { FunctionDefinition } from '../../infra/template/functions';
import type { Route } from '../../infra/template/routes';
import { ROUTES } from './invoke';
import { loadAfresh } from './load-afresh';
import { parseXml, runScript, unserialize, XML_DECLARATION } from './parsers';
import { catalogueMessage } from './catalogue';

export { CATALOGUE, catalogueMessage } from './catalogue';
export { type ResponseType, TYPES } from '../../infra/ops/smoke/parsers';
/** The Content-Type of each type (docs/api.md, Headers). */
export const CONTENT_TYPE = Object.fromEntries(TYPES.map((t) => [t, `${MEDIA_TYPES[t]}; charset=utf-8`])) as Record<ResponseType, string>;
/** The `Deprecation` header of every answer (docs/api.md, Headers) for template.yaml's default 2026-01-01T00:00:00Z. */
export const DEPRECATION = '@1767225600';
/** After the catalogue text (docs/api.md, Errors): undefined, either form; false, nothing; a string, `: ` and a detail with it. */
type Detail = string | false | undefined;

function expectMessage(message: unknown, code: number, detail?: Detail): void {
  const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const after = detail === false ? '$' : typeof detail === 'string' ? `: .*${literal(detail)}` : '($|: .)';
  expect(message).toEqual(expect.stringMatching(new RegExp(`^${literal(catalogueMessage(code))}${after}`)));
}

/** `callback`: the one the Javascript body calls (`callback` unless told); `alert`: for 1002/1003 in Javascript, an alert(), not a call. */
type ErrorOptions = Readonly<{ detail?: Detail; callback?: string; alert?: boolean }>;

/** Asserts that `response` is error `code` in `type` with HTTP `status` (docs/api.md, Errors); returns the message. */
export function expectError(response: Invocation, type: ResponseType, code: number, status: number, options: ErrorOptions = {}): string {
  const names = ['content-type', 'x-content-type-options', 'access-control-allow-origin', 'cache-control'];
  expect(names.map((name) => response.headers[name])).toEqual([CONTENT_TYPE[type], 'nosniff', '*', 'no-store']);
  // Javascript answers 200, with `status` in its object.
  expect(response.statusCode).toBe(type === 'javascript' ? 200 : status);
  let value: Record<string, unknown>;
  if (type === 'xml') {
    expect(response.body.startsWith(XML_DECLARATION)).toBe(true);
    const root = parseXml(response.body);
    expect([root.name, root.children, root.text]).toEqual(['error', [], '']);
    value = root.attributes;
  } else if (type === 'json') value = JSON.parse(response.body);
  else if (type === 'php') {
    const answer = unserialize(response.body);
    expect([answer.error, answer.serialized]).toEqual([undefined, response.body]);
    value = answer.value as Record<string, unknown>;
  } else {
    const callback = options.callback ?? 'callback';
    const run = runScript(response.body, callback);
    if (options.alert) {
      expect(response.body).toMatch(/^alert\(.*\);$/s);
      expect([run.calls, run.alerts.length]).toEqual([[], 1]);
      expectMessage(run.alerts[0], code, options.detail);
      return run.alerts[0] as string;
    }
    expect(response.body.startsWith(`/**/${callback}(`)).toBe(true);
    expect([run.alerts, run.calls.length, run.calls[0]?.length]).toEqual([[], 1, 1]);
    value = run.calls[0]![0] as Record<string, unknown>;
  }
  // PHP names its class, Javascript carries the HTTP status; XML's attributes are text.
  const [php, script] = [type === 'php', type === 'javascript'];
  expect(Object.keys(value)).toEqual([...(php ? ['__class'] : []), 'code', 'message', ...(script ? ['status'] : [])]);
  expect([value.__class, value.status]).toEqual([php ? 'ServiceAPIError' : undefined, script ? status : undefined]);
  expect(value.code).toBe(type === 'xml' ? String(code) : code);
  expectMessage(value.message, code, options.detail);
  return value.message as string;
}

/** Query arguments that select `type` (with a callback for Javascript), to append to a target. */
export const typeQuery = (type: ResponseType, callback = 'callback'): string =>
  type === 'javascript' ? `type=javascript&callback=${callback}` : `type=${type}`;

type RequestOptions = Readonly<{ method?: string; headers?: Record<string, string>; sourceIp?: string }>;

/** Runs `handler` (e.g. one made with endpoint() in a test) with the event for `target`. */
export const invokeHandler = (handler: Handler, target: string, options: RequestOptions = {}): Promise<Invocation> =>
  invokeRoute(ROUTES, { ...options, target }, { load: async () => handler });

/** An invoke() whose functions' modules (lib/config.ts too) load afresh, once each, with `env`; `prepare` runs first in each registry. */
export function invokerWithEnv(env: Record<string, string>, options: { routes?: readonly Route[]; prepare?: () => Promise<void> } = {}) {
  const loaded = new Map<string, Promise<Handler>>();
  const fresh = (fn: FunctionDefinition) => loadAfresh(env, async () => options.prepare?.().then(() => handlerOf(fn)) ?? handlerOf(fn));
  const load = (fn: FunctionDefinition): Promise<Handler> => loaded.get(fn.id) ?? loaded.set(fn.id, fresh(fn)).get(fn.id)!;
  return (target: string, request: RequestOptions = {}): Promise<Invocation> =>
    invokeRoute(options.routes ?? ROUTES, { ...request, target }, { load });
}

/** As invoke(), with the function loaded afresh while `env` is set (see invokerWithEnv). */
export const invokeWithEnv = (env: Record<string, string>, target: string, options: RequestOptions = {}): Promise<Invocation> =>
  invokerWithEnv(env)(target, options);
