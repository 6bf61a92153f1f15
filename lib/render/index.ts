import type { Resource, ResourceShape } from '../resources/shape';
import { renderJavascriptCall, renderJson } from './json';
import { renderPhp } from './php';
// Loaded with the module, not on the first XML answer: XML is the default type, and esbuild wraps
// a module kept for a later import() in a function V8 compiles eagerly (docs/performance.md).
import { renderXml } from './xml';

export { renderAlert } from './json';

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
