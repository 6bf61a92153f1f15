/** The template's routes: which function each HTTP API route key reaches. */
import { type FunctionDefinition, functionsOf } from './functions';
import type { Template } from './read';

export interface Route {
  /** Logical id of the HTTP API the route belongs to (`Api`, `ShortApi`). */
  readonly api: string;
  /** `GET`, `ANY`, ... ; `ANY` for the default route. */
  readonly method: string;
  /** `/error/{code}`; `$default` for the route that takes everything else. */
  readonly path: string;
  readonly routeKey: string;
  readonly fn: FunctionDefinition;
}

/** One HttpApi event of a function as declared: its function's id, and no `api` for SAM's implicit API. */
type HttpApiEvent = Omit<Route, 'fn' | 'api'> & { readonly fn: string; readonly api: string | undefined };

/** The functions' HttpApi events, one per event, one on SAM's implicit API too (no ApiId), so that a test sees a route on neither HTTP API. */
export function httpApiEvents(template: Template): HttpApiEvent[] {
  return Object.entries(template.Resources ?? {})
    .filter(([, resource]) => resource?.Type === 'AWS::Serverless::Function')
    .flatMap(([id, resource]) =>
      Object.values<any>(resource.Properties?.Events ?? {})
        .filter((event) => event?.Type === 'HttpApi')
        .map((event): HttpApiEvent => {
          const apiId = event.Properties?.ApiId;
          const api = apiId !== null && typeof apiId === 'object' && 'Ref' in apiId ? String(apiId.Ref) : undefined;
          const method = String(event.Properties?.Method ?? 'ANY').toUpperCase();
          const path: string = event.Properties?.Path ?? '$default';
          return { fn: id, api, method, path, routeKey: path === '$default' ? '$default' : `${method} ${path}` };
        }),
    );
}

export function routesOf(template: Template): Route[] {
  const byId = new Map(functionsOf(template).map((fn) => [fn.id, fn]));
  return httpApiEvents(template).map(({ fn, api, method, path, routeKey }) => ({
    api: api ?? 'ServerlessHttpApi',
    method,
    path,
    routeKey,
    fn: byId.get(fn)!,
  }));
}
