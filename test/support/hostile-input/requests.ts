/**
 * A hostile request as the hostile-input tests write it (the wire form of its path, arguments and
 * headers), and the route of template.yaml it reaches, read the way API Gateway reads it.
 */
import { randomUUID } from 'node:crypto';
import type { ResponseType } from '../expect-error';
import { GALLERY_ROUTES, type GalleryEndpoint } from './rules';

export interface WireRequest {
  readonly method: string;
  /** The path as sent: hostile characters percent-encoded or raw, `/` and `?` always encoded. */
  readonly path: string;
  /** Query arguments as sent (`name=value`, or a bare name), in order. */
  readonly query: readonly string[];
  readonly accept?: string;
  /** The type `accept` selects (docs/api.md, `type`), for the well-formed headers of ACCEPTS. */
  readonly acceptType?: ResponseType;
  /** Over HTTP only: the Host header (the in-process events name localhost). */
  readonly host?: string;
  /** Over HTTP only: the target in absolute form (`http://host/path?query`), as a proxy sends it. */
  readonly absoluteForm?: boolean;
}

/** A client address of its own for every request: the per-address rate limit never interferes. */
const addressPrefix = `fd00:${randomUUID().slice(0, 4)}`;
let addressCount = 0;
export const nextAddress = (): string => {
  addressCount += 1;
  return `${addressPrefix}::${(addressCount >>> 16).toString(16)}:${(addressCount & 0xffff).toString(16)}`;
};

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

/** The arguments as API Gateway reads them (one object a request: read it, never change it). */
export const queryOf = once((request): URLSearchParams => new URLSearchParams(request.query.join('&')));

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Whether the bytes a raw URL component spells (its %XX escapes, and its other characters in UTF-8) are UTF-8. */
export function escapesAreUtf8(raw: string): boolean {
  // Written into one buffer, as values run to a million characters; a %XX takes three bytes of the room.
  const bytes = Buffer.alloc(Buffer.byteLength(raw, 'utf8'));
  let length = 0;
  raw.split(/(%[0-9A-Fa-f]{2})/).forEach((part, i) => {
    if (i % 2 === 1) bytes[length++] = parseInt(part.slice(1), 16);
    else length += bytes.write(part, length, 'utf8');
  });
  try {
    strictUtf8.decode(bytes.subarray(0, length));
    return true;
  } catch {
    return false;
  }
}

/**
 * The raw value of the first query argument named `name`, as the wire carries it. A generated
 * piece may hold several arguments (`appkey=a&appkey=b`), so the wire's own `&` splits them.
 */
export const rawArgument = (request: WireRequest, name: string): string | undefined => rawArguments(request).get(name);

/** Each name's first raw value; a name of ASCII without `%` or `+` is as URLSearchParams decodes it. */
const rawArguments = once((request): ReadonlyMap<string, string> => {
  const values = new Map<string, string>();
  for (const piece of request.query.join('&').split('&')) {
    const [rawName = '', ...rest] = piece.split('=');
    const name = /^[\x00-\x24\x26-\x2a\x2c-\x7f]*$/.test(rawName) ? rawName : new URLSearchParams(`${rawName}=`).keys().next().value!;
    if (!values.has(name)) values.set(name, rest.join('=').replace(/\+/g, ' '));
  }
  return values;
});

export type Route =
  | { readonly kind: 'errors' | 'containers' | 'unknown' | 'create' }
  | { readonly kind: 'error' | 'container'; readonly segment: string }
  /** `utf8`: whether the raw segment's percent-escapes are UTF-8 (docs/api.md: refused otherwise, 1016). */
  | { readonly kind: 'lookup'; readonly segment: string; readonly utf8: boolean }
  /** `params`: the path parameters (`list`, `id`, `comment_id`) as API Gateway decodes them. */
  | { readonly kind: 'gallery'; readonly endpoint: GalleryEndpoint; readonly params: Readonly<Record<string, string>> };

/** A gallery route: literal segments compared as sent, parameters non-empty and decoded. */
function galleryRoute(path: string): Route | undefined {
  const segments = path.split('/');
  for (const [pattern, endpoint] of GALLERY_ROUTES) {
    const parts = pattern.split('/');
    if (parts.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matched = parts.every((part, i) => {
      const segment = segments[i]!;
      if (!part.startsWith('{')) return part === segment;
      params[part.slice(1, -1)] = decodeSegment(segment);
      return segment !== '';
    });
    if (matched) return { kind: 'gallery', endpoint, params };
  }
  return undefined;
}

const LOOKUP_PREFIX = '/url/short/';

/** The routes of template.yaml; everything else, and every method but GET, is the catch-all. */
export const routeOf = once(routeOfRequest);

function routeOfRequest(request: WireRequest): Route {
  if (request.method !== 'GET') return { kind: 'unknown' };
  if (request.path === '/errors') return { kind: 'errors' };
  if (request.path === '/containers') return { kind: 'containers' };
  if (request.path === '/url/short/create') return { kind: 'create' };
  // `/url/short/{short_url+}`: greedy, the rest of the path decoded as one parameter.
  if (request.path.startsWith(LOOKUP_PREFIX) && request.path.length > LOOKUP_PREFIX.length) {
    const raw = request.path.slice(LOOKUP_PREFIX.length);
    return { kind: 'lookup', segment: decodeSegment(raw), utf8: escapesAreUtf8(raw) };
  }
  const one = /^\/(error|container)\/([^/]+)$/.exec(request.path);
  if (one) return { kind: one[1] as 'error' | 'container', segment: decodeSegment(one[2]!) };
  return galleryRoute(request.path) ?? { kind: 'unknown' };
}
