/** The tests' requests, in-process through infra/local/invoke.ts, routed by template.yaml, with the test app key. */
import { type Invocation, type InvokeOptions, invokeRoute, type Request } from '../../infra/local/invoke';
import { loadTemplate } from '../../infra/template/read';
import { routesOf, type Route } from '../../infra/template/routes';

const ALL_ROUTES = routesOf(loadTemplate());
/** The API's routes; the short-link host's are SHORT_LINK_ROUTES. */
export const ROUTES: readonly Route[] = ALL_ROUTES.filter((route) => route.api === 'Api');
export const SHORT_LINK_ROUTES: readonly Route[] = ALL_ROUTES.filter((route) => route.api === 'ShortApi');
/** A key that passes the app-key check; tests that are not about the key use it. */
export const APP_KEY = 'http://test.app/';
export type { Invocation };

/** `target`: path and raw query as sent (`/errors?appkey=...`); `remainingMs`: time left as Lambda tells it (default: its longest). */
export const invoke = (
  target: string,
  options: Omit<Request, 'target'> & InvokeOptions & { routes?: readonly Route[] } = {},
): Promise<Invocation> => invokeRoute(options.routes ?? ROUTES, { ...options, target }, options);

export const invokeShortLink = (
  target: string,
  options: { method?: string; remainingMs?: number; requestId?: string } = {},
): Promise<Invocation> => invoke(target, { ...options, routes: SHORT_LINK_ROUTES });

export const withKey = (target: string): string => `${target}${target.includes('?') ? '&' : '?'}appkey=${encodeURIComponent(APP_KEY)}`;
