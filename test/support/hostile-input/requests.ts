/** A hostile request in wire form, and the route of template.yaml it reaches, read the way API Gateway reads it. */
import { randomUUID } from 'node:crypto';
import type { ResponseType } from '../expect-error';
import { GALLERY_ROUTES, type GalleryEndpoint } from './rules';

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

/** The arguments as API Gateway reads them (one object a request: never change it). */
export const queryOf = once((request): URLSearchParams => new URLSearchParams(request.query.join('&')));

export function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Whether the bytes a raw URL component spells (its %XX escapes, its other characters in UTF-8) are UTF-8. */
export function escapesAreUtf8(raw: string): boolean {
  // One buffer, as values run to a million characters; a %XX takes three bytes of the room.
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

export type Route =
  | { readonly kind: 'errors' | 'containers' | 'unknown' | 'create' }
  | { readonly kind: 'error' | 'container'; readonly segment: string }
  /** `utf8`: whether the raw segment's escapes are UTF-8 (docs/api.md: 1016 otherwise). */
  | { readonly kind: 'lookup'; readonly segment: string; readonly utf8: boolean }
  /** `params`: the path parameters (`list`, `id`, `comment_id`) as API Gateway decodes them. */
  | { readonly kind: 'gallery'; readonly endpoint: GalleryEndpoint; readonly params: Readonly<Record<string, string>> };

/** A gallery route: literal segments compared as sent, parameters non-empty and decoded. */
function galleryRoute(path: string): Route | undefined {
  const segments = path.split('/');
  for (const [pattern, endpoint] of GALLERY_ROUTES) {
    const parts = pattern.split('/');
    const params: Record<string, string> = {};
    const matched =
      parts.length === segments.length &&
      parts.every((part, i) => {
        if (!part.startsWith('{')) return part === segments[i];
        params[part.slice(1, -1)] = decodeSegment(segments[i]!);
        return segments[i] !== '';
      });
    if (matched) return { kind: 'gallery', endpoint, params };
  }
  return undefined;
}

const LOOKUP_PREFIX = '/url/short/';
const FIXED_ROUTES: Readonly<Record<string, Route>> = {
  '/errors': { kind: 'errors' },
  '/containers': { kind: 'containers' },
  '/url/short/create': { kind: 'create' },
};

/** The routes of template.yaml; everything else, and every method but GET, is the catch-all. */
export const routeOf = once((request): Route => {
  const { path } = request;
  if (request.method !== 'GET') return { kind: 'unknown' };
  if (Object.hasOwn(FIXED_ROUTES, path)) return FIXED_ROUTES[path]!;
  // `/url/short/{short_url+}`: greedy, the rest of the path decoded as one parameter.
  if (path.startsWith(LOOKUP_PREFIX) && path.length > LOOKUP_PREFIX.length) {
    const raw = path.slice(LOOKUP_PREFIX.length);
    return { kind: 'lookup', segment: decodeSegment(raw), utf8: escapesAreUtf8(raw) };
  }
  const one = /^\/(error|container)\/([^/]+)$/.exec(path);
  if (one) return { kind: one[1] as 'error' | 'container', segment: decodeSegment(one[2]!) };
  return galleryRoute(path) ?? { kind: 'unknown' };
});
