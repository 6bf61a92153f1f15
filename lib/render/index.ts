import type { Resource, ResourceShape } from '../resources';
import { renderJavascriptCall } from './javascript';
import { renderJson } from './json';
import { renderPhp } from './php';

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
 * The XML renderer (and its library) is loaded on the first XML answer instead of at start, so
 * that containers answering only other types never evaluate it.
 */
let xml: typeof import('./xml') | undefined;

/** Makes the renderer of `type` ready; `renderBody` needs it done for XML. */
export async function loadRenderer(type: ResponseType): Promise<void> {
  if (type === 'xml') xml ??= await import('./xml');
}

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
    if (format === 'xml') {
      if (xml === undefined) throw new Error("the XML renderer is not loaded: await loadRenderer('xml') first");
      body = xml.renderXml(resource);
    } else if (format === 'json') body = renderJson(resource);
    else body = renderPhp(resource, phpClassPrefix);
    bodies.set(key, body);
  }
  return body;
}

/** The body of a response in the given type, whose renderer `loadRenderer` made ready. */
export function renderBody(type: ResponseType, resource: Resource, options: RenderOptions): string {
  if (type === 'javascript') return renderJavascriptCall(options.callback, serialise(resource, 'json', options.phpClassPrefix));
  return serialise(resource, type, options.phpClassPrefix);
}
