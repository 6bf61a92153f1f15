/** A hostile request in wire form, and the route of template.yaml it reaches, read the way API Gateway reads it. */
import type { ResponseType } from '../expect-error';
import type { GalleryEndpoint } from './rules';
import { words } from './strings';

export interface WireRequest {
  readonly method: string;
  /** As sent: hostile characters percent-encoded or raw, `/` and `?` always encoded. */
  readonly path: string;
  /** Query arguments as sent (`name=value`, or a bare name), in order. */
  readonly query: readonly string[];
  readonly accept?: string;
  /** The type `accept` selects, for the well-formed headers of ACCEPTS. */
  readonly acceptType?: ResponseType;
  /** Over HTTP only: the Host header, and the target in absolute form (`http://host/path?query`). */
  readonly host?: string;
  readonly absoluteForm?: boolean;
}

export const targetOf = (request: WireRequest): string =>
  request.query.length === 0 ? request.path : `${request.path}?${request.query.join('&')}`;

/** Read once a request: the oracle and the checks ask for a request's query and route many times. */
export function once<T>(compute: (request: WireRequest) => T): (request: WireRequest) => T {
  const known = new WeakMap<WireRequest, T>();
  return (request) => {
    if (!known.has(request)) known.set(request, compute(request));
    return known.get(request)!;
  };
}

/** The arguments as API Gateway reads them (one object a request: never change it). */
export const queryOf = once((request): URLSearchParams => new URLSearchParams(request.query.join('&')));

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
export const decodeSegment = (segment: string): string => decoded(segment) ?? segment;
/** Whether the bytes a raw URL component spells (%XX escapes, the rest in UTF-8) are UTF-8; a `%` without two hex digits is itself. */
export const escapesAreUtf8 = (raw: string): boolean => decoded(raw.replace(/%(?![0-9A-Fa-f]{2})/g, '%25')) !== undefined;

/** Each name's first raw value; a generated piece may hold several (`appkey=a&appkey=b`), so split on the wire's `&`. */
const rawArguments = once((request): ReadonlyMap<string, string> => {
  const values = new Map<string, string>();
  for (const piece of request.query.join('&').split('&')) {
    const [rawName = '', ...rest] = piece.split('=');
    // A name of ASCII without `%` or `+` is as URLSearchParams decodes it.
    const name = /^[\x00-\x24\x26-\x2a\x2c-\x7f]*$/.test(rawName) ? rawName : new URLSearchParams(`${rawName}=`).keys().next().value!;
    if (!values.has(name)) values.set(name, rest.join('=').replace(/\+/g, ' '));
  }
  return values;
});
export const rawArgument = (request: WireRequest, name: string): string | undefined => rawArguments(request).get(name);
type RouteKind = 'errors' | 'error' | 'containers' | 'container' | 'create' | 'lookup' | 'gallery' | 'unknown';
/**
 * `params`: the path parameters as API Gateway decodes them (`segment` the code, container name or short URL; a
 * gallery's `list`, `id`, `comment_id`); `utf8`: whether the raw segment's escapes are UTF-8 (docs/api.md: 1016 otherwise).
 */
export type Route = Readonly<{ kind: RouteKind; endpoint?: GalleryEndpoint; params: Readonly<Record<string, string>>; utf8: boolean }>;

/** template.yaml's routes, the literal one before the one it shadows (API Gateway's choice); `{name+}` is greedy. */
const ROUTE_PATTERNS = words(`/errors=errors /containers=containers /url/short/create=create /url/short/{segment+}=lookup
  /error/{segment}=error /container/{segment}=container /galleryphotos=gallery=photos /galleryphotos/comments=gallery=comments
  /galleryphotos/{list}=gallery=photosByIds /galleryphotos/{list}/comments=gallery=photosComments /galleryphoto/{id}=gallery=photo
  /galleryphoto/{id}/comments=gallery=photoComments /galleryphoto/{id}/comment/{comment_id}=gallery=comment
  /galleryphoto/{id}/comment/{comment_id}/replies=gallery=replies`).map((line) => {
  const [pattern = '', kind, endpoint] = line.split('=');
  const parameter = (_: string, name: string, greedy: string) => `(?<${name}>${greedy ? '.+' : '[^/]+'})`;
  return { match: new RegExp(`^${pattern.replace(/\{(\w+)(\+?)\}/g, parameter)}$`, 's'), kind: kind as RouteKind, endpoint };
});

/** The route a request reaches; everything else, and every method but GET, is the catch-all. */
export const routeOf = once((request): Route => {
  const route = request.method === 'GET' ? ROUTE_PATTERNS.find(({ match }) => match.test(request.path)) : undefined;
  if (route === undefined) return { kind: 'unknown', params: {}, utf8: true };
  const raw = route.match.exec(request.path)!.groups ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([name, value]) => [name, decodeSegment(value)]));
  const utf8 = raw.segment === undefined || escapesAreUtf8(raw.segment);
  return { kind: route.kind, endpoint: route.endpoint as GalleryEndpoint | undefined, params, utf8 };
});
