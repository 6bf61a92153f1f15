import type { Resource, ResourceShape } from '../resources/shape';
// XML loaded with the module, not on the first XML answer: XML is the default type, and esbuild
// wraps a module kept for a later import() in a function V8 compiles eagerly (docs/performance.md).
import { renderJavascriptCall, renderJson, renderPhp, renderXml } from './bodies';

export { renderAlert } from './bodies';

export const RESPONSE_TYPES = ['xml', 'json', 'javascript', 'php'] as const;
export type ResponseType = (typeof RESPONSE_TYPES)[number];

export const CONTENT_TYPES: Readonly<Record<ResponseType, string>> = {
  xml: 'text/xml; charset=utf-8',
  json: 'application/json; charset=utf-8',
  javascript: 'text/javascript; charset=utf-8',
  php: 'application/php; charset=utf-8',
};

type Serialisation = 'xml' | 'json' | 'php';

/*
 * Resource values are immutable, and the static ones (catalogue, containers) are shared by every
 * request within the same second, so each value's serialisations are kept as long as the value
 * lives. Values made per request are collected together with their entries.
 */
const serialised = new WeakMap<object, Map<ResourceShape, Map<string, string>>>();

export interface RenderOptions {
  /** The validated callback of the Javascript type. */
  readonly callback: string;
  readonly phpClassPrefix: string;
}

/** The memo of one value under one declaration (an error value may be rendered with or without status). */
function bodiesOf(resource: Resource): Map<string, string> {
  const value = resource.value as object;
  let byShape = serialised.get(value);
  if (byShape === undefined) {
    byShape = new Map();
    serialised.set(value, byShape);
  }
  let bodies = byShape.get(resource.shape);
  if (bodies === undefined) {
    bodies = new Map();
    byShape.set(resource.shape, bodies);
  }
  return bodies;
}

function serialise(resource: Resource, format: Serialisation, phpClassPrefix: string): string {
  const bodies = bodiesOf(resource);
  const key = format === 'php' ? `php ${phpClassPrefix}` : format;
  let body = bodies.get(key);
  if (body === undefined) {
    if (format === 'xml') body = renderXml(resource);
    else if (format === 'json') body = renderJson(resource);
    else body = renderPhp(resource, phpClassPrefix);
    bodies.set(key, body);
  }
  return body;
}

/** The body of a response in the given type. */
export function renderBody(type: ResponseType, resource: Resource, options: RenderOptions): string {
  if (type === 'javascript') return renderJavascriptCall(options.callback, serialise(resource, 'json', options.phpClassPrefix));
  return serialise(resource, type, options.phpClassPrefix);
}

/** The media types each response type answers to, in the tie-breaking order of docs/api.md (`type`). */
const ACCEPTABLE: ReadonlyArray<readonly [ResponseType, string]> = [
  ['xml', 'text/xml'],
  ['json', 'application/json'],
  ['javascript', 'text/javascript'],
  ['php', 'application/php'],
];

/** Whole headers read without parsing: what curl and most HTTP libraries send, and each type's own media type. */
const WHOLE_HEADERS: ReadonlyMap<string, ResponseType> = new Map([
  ['*/*', 'xml'],
  ...ACCEPTABLE.map(([type, mediaType]) => [mediaType, type] as const),
]);

interface MediaRange {
  readonly type: string;
  readonly subtype: string;
  readonly q: number;
}

function parseRange(part: string): MediaRange | undefined {
  const [mediaType = '', ...parameters] = part.split(';');
  const match = /^\s*([!#$%&'*+.^_`|~0-9a-z-]+)\/([!#$%&'*+.^_`|~0-9a-z-]+)\s*$/i.exec(mediaType);
  if (!match) return undefined;
  let q = 1;
  for (const parameter of parameters) {
    const qMatch = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parameter);
    if (qMatch) q = Math.min(1, Number(qMatch[1]));
  }
  return { type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q };
}

/** How specifically a range names a media type: -1 when it does not match at all. */
function specificity(range: MediaRange, mediaType: string): number {
  const [type, subtype] = mediaType.split('/');
  if (range.type === type && range.subtype === subtype) return 2;
  if (range.type === type && range.subtype === '*') return 1;
  if (range.type === '*' && range.subtype === '*') return 0;
  return -1;
}

/**
 * The response type an `Accept` header asks for: the highest q-value among the four media
 * types (each taking the q of its most specific matching range), ties to the earlier type;
 * XML when none is acceptable.
 */
export function typeFromAccept(accept: string | undefined): ResponseType {
  if (!accept) return 'xml';
  const whole = WHOLE_HEADERS.get(accept);
  if (whole !== undefined) return whole;
  const ranges = accept
    .split(',')
    .map(parseRange)
    .filter((range): range is MediaRange => range !== undefined);
  let best: ResponseType = 'xml';
  let bestQ = 0;
  for (const [type, mediaType] of ACCEPTABLE) {
    let q = 0;
    let mostSpecific = -1;
    for (const range of ranges) {
      const s = specificity(range, mediaType);
      if (s > mostSpecific) {
        mostSpecific = s;
        q = range.q;
      }
    }
    if (q > bestQ) {
      best = type;
      bestQ = q;
    }
  }
  return best;
}
