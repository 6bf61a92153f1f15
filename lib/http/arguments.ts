import { ApiError } from '../api-error';
import { APP_KEY_MAX_LENGTH } from '../config';

/** How one query argument is read: `raw` is undefined when the argument is absent. */
export interface ArgumentSpec<T> {
  parse(raw: string | undefined, name: string): T;
  /** The error for a value whose percent-escapes are not UTF-8; without one, decoding's U+FFFD is taken. */
  readonly notUtf8?: number;
}

export type ArgumentSchema = Readonly<Record<string, ArgumentSpec<unknown>>>;

export type ArgumentsOf<S extends ArgumentSchema> = {
  readonly [K in keyof S]: S[K] extends ArgumentSpec<infer T> ? T : never;
};

/** Arguments every endpoint accepts; the pipeline reads them itself. */
export const COMMON_ARGUMENTS: ReadonlySet<string> = new Set(['appkey', 'type', 'callback']);

const PLAIN_DECIMAL = /^-?[0-9]+$/;

/** A plain decimal integer in the safe range, or error 1026 naming the argument. */
export function parseInteger(raw: string, name: string): number {
  const value = PLAIN_DECIMAL.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value)) throw new ApiError(1026, name);
  return value === 0 ? 0 : value; // no -0
}

export interface IntegerBounds {
  readonly min?: number;
  readonly max?: number;
}

function checkBounds(value: number, name: string, { min, max }: IntegerBounds): number {
  if (min !== undefined && value < min) throw new ApiError(1006, `${name} (minimum ${min})`);
  if (max !== undefined && value > max) throw new ApiError(1007, `${name} (maximum ${max})`);
  return value;
}

export function integerArgument(bounds: IntegerBounds & { readonly fallback: number }): ArgumentSpec<number>;
export function integerArgument(bounds?: IntegerBounds): ArgumentSpec<number | undefined>;
export function integerArgument(bounds: IntegerBounds & { readonly fallback?: number } = {}): ArgumentSpec<number | undefined> {
  return {
    parse: (raw, name) => (raw === undefined ? bounds.fallback : checkBounds(parseInteger(raw, name), name, bounds)),
  };
}

/** Any text, checked by the endpoint's service; undefined when absent. `notUtf8`: see ArgumentSpec. */
export function textArgument(options: { readonly notUtf8?: number } = {}): ArgumentSpec<string | undefined> {
  return { parse: (raw) => raw, ...options };
}

/** One of a fixed set of values, or `invalidCode` (1017 for sorts). */
export function choiceArgument<V extends string>(values: readonly V[], fallback: V, invalidCode: number): ArgumentSpec<V> {
  return {
    parse: (raw, name) => {
      if (raw === undefined) return fallback;
      if (!(values as readonly string[]).includes(raw)) throw new ApiError(invalidCode, name);
      return raw as V;
    },
  };
}

/** An id (a path segment or an id-list element): a positive plain decimal integer, else 1026. */
export function parseId(raw: string, name: string): number {
  const id = parseInteger(raw, name);
  if (id < 1) throw new ApiError(1026, name);
  return id;
}

/**
 * Comma-separated positive integers: duplicates dropped, order of first appearance kept.
 * A bad element is 1026; more than `max` distinct ids is 1007.
 */
export function parseIdList(raw: string, name: string, max = 100): number[] {
  const ids = new Set<number>();
  for (const element of raw.split(',')) ids.add(parseId(element, name));
  if (ids.size > max) throw new ApiError(1007, `${name} (at most ${max} ids)`);
  return [...ids];
}

const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const MAX_LENGTH = 128;

/**
 * Names the pattern admits but no page can define as a function: reserved words (`while(…)`
 * would hang the page, `import(…)` would fetch a module) and the global constants.
 */
const UNCALLABLE = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await undefined NaN Infinity'
  ).split(' '),
);

/** The Javascript type's callback: missing (or empty) is 1002, anything but a callable dotted name is 1003. */
export function checkCallback(raw: string | undefined): string {
  if (raw === undefined || raw === '') throw new ApiError(1002);
  if (raw.length > MAX_LENGTH || !CALLBACK.test(raw) || UNCALLABLE.has(raw.split('.')[0]!)) throw new ApiError(1003);
  return raw;
}

// Whitespace and control characters: a URI never holds them unencoded.
const NOT_IN_URI = /[\u0000-\u0020\u007f-\u009f\u2028\u2029]/;

function isReservedForDocumentation(hostname: string): boolean {
  const host = hostname.replace(/\.$/, '').toLowerCase();
  return host === 'example.com' || host.endsWith('.example.com');
}

/**
 * Checks an application key (docs/api.md: `appkey`) and returns it normalised: an absolute URI
 * with a scheme and a host or path, not on `example.com`, not denied. Missing is 1005, else 1028.
 */
export function checkAppKey(raw: string | undefined, denied: ReadonlySet<string>): string {
  if (raw === undefined || raw === '') throw new ApiError(1005);
  if (raw.length > APP_KEY_MAX_LENGTH || NOT_IN_URI.test(raw)) throw new ApiError(1028);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ApiError(1028);
  }
  if (url.host === '' && url.pathname.replace(/^\/+/, '') === '') throw new ApiError(1028);
  if (isReservedForDocumentation(url.hostname) || denied.has(url.href)) throw new ApiError(1028);
  return url.href;
}
