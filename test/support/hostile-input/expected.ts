/**
 * The oracle of the hostile-input tests, written from the rules of docs/api.md: which type a
 * request is answered in, and what it may be answered with (which error, or which resource), so
 * that "no 5xx" cannot be met by answering the wrong thing.
 */
import type { ResponseType } from '../expect-error';
import { galleryOutcomes } from './gallery-outcomes';
import { failure, found, type Outcome, unknownArgument } from './outcomes';
import { escapesAreUtf8, queryOf, rawArgument, type Route, routeOf, type WireRequest } from './requests';
import { isValidTestKey, linkOf, spellsShortUrl, STORED } from './short-urls';
import { CATALOGUE_BY_CODE, COMMON_ARGUMENTS, CONTAINER_NAMES, GALLERY_ARGUMENTS, isCallable, TYPE_VALUE } from './rules';

/** The type the response must be in; undefined when only a hostile Accept header decides. */
export function expectedType(request: WireRequest): ResponseType | undefined {
  const asked = queryOf(request).get('type');
  if (asked !== null) return TYPE_VALUE.test(asked) ? (asked.toLowerCase() as ResponseType) : 'xml';
  return request.accept === undefined ? 'xml' : request.acceptType;
}

function endpointOutcomes(route: Route, query: URLSearchParams, request: WireRequest): Outcome[] {
  const own: readonly string[] = route.kind === 'create' ? ['url'] : route.kind === 'gallery' ? GALLERY_ARGUMENTS : [];
  const unknown = [...query.keys()].find((name) => !COMMON_ARGUMENTS.has(name) && !own.includes(name));
  if (unknown !== undefined) return [unknownArgument(unknown)];
  switch (route.kind) {
    case 'error': {
      // Only the plain decimal form of a catalogue code names it.
      const known = CATALOGUE_BY_CODE.has(Number(route.segment)) && String(Number(route.segment)) === route.segment;
      return [known ? { kind: 'errors', only: route.segment } : failure(1025)];
    }
    case 'container':
      return [CONTAINER_NAMES.includes(route.segment) ? { kind: 'containers', only: route.segment } : failure(1014)];
    case 'create': {
      const raw = rawArgument(request, 'url');
      if (raw !== undefined && !escapesAreUtf8(raw)) return [failure(1016, ['url'])];
      const { link, refusable } = linkOf(query.get('url'));
      return [...(refusable ? [failure(1016, [null, 'url'])] : []), ...(link === undefined ? [] : [{ kind: 'shorturls' as const, link }])];
    }
    case 'lookup': {
      if (!route.utf8) return [failure(1016, ['short_url'])];
      // The bare code or the whole short URL; anything else is 404.
      const named = STORED.find((stored) => route.segment === stored.code || route.segment === stored.short_url);
      if (named) return [found(named)];
      const spelled = STORED.find((stored) => spellsShortUrl(route.segment, stored.code));
      return spelled ? [failure(404), found(spelled)] : [failure(404)];
    }
    case 'gallery':
      return galleryOutcomes(route, query);
    default:
      return [{ kind: route.kind as 'errors' | 'containers' }];
  }
}

/**
 * What a request must answer, given the type it was answered in. A hostile app key may happen
 * to be a valid absolute URI, so it allows 1028 or whatever a valid key would get.
 */
export function expectedOutcomes(request: WireRequest, type: ResponseType): Outcome[] {
  const query = queryOf(request);
  const asked = query.get('type');
  if (asked !== null && !TYPE_VALUE.test(asked)) return [failure(1001, ['type'])];
  if (type === 'javascript') {
    const callback = query.get('callback') ?? '';
    if (callback === '') return [{ kind: 'alert', code: 1002 }];
    if (!isCallable(callback)) return [{ kind: 'alert', code: 1003 }];
  }
  const route = routeOf(request);
  if (route.kind === 'unknown') return [failure(404)];
  const key = query.get('appkey') ?? '';
  if (key === '') return [failure(1005)];
  // Escapes that are not UTF-8 would read as U+FFFD: the key is refused, whatever else holds.
  const rawKey = rawArgument(request, 'appkey');
  if (rawKey !== undefined && !escapesAreUtf8(rawKey)) return [failure(1028)];
  const downstream = endpointOutcomes(route, query, request);
  return isValidTestKey(key) ? downstream : [failure(1028), ...downstream];
}
