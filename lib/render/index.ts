import { config } from '../config';
import type { Resource } from '../resources';
import { renderJavascriptCall } from './javascript';
import { renderJson } from './json';
import { renderPhp } from './php';
import { renderXml } from './xml';

export { renderAlert } from './javascript';

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
const serialised = new WeakMap<object, Map<Serialisation, string>>();

function serialise(resource: Resource, format: Serialisation): string {
  const value = resource.value as object;
  let byFormat = serialised.get(value);
  if (byFormat === undefined) {
    byFormat = new Map();
    serialised.set(value, byFormat);
  }
  let body = byFormat.get(format);
  if (body === undefined) {
    if (format === 'xml') body = renderXml(resource);
    else if (format === 'json') body = renderJson(resource);
    else body = renderPhp(resource, config.phpClassPrefix);
    byFormat.set(format, body);
  }
  return body;
}

/** The body of a response in the given type; `callback` is the validated Javascript callback. */
export function renderBody(type: ResponseType, resource: Resource, callback: string): string {
  if (type === 'javascript') return renderJavascriptCall(callback, serialise(resource, 'json'));
  return serialise(resource, type);
}
