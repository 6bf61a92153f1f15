/**
 * The records of docs/api.md, Bodies (but the gallery's), once for every type, which payload.ts
 * reads bodies by: each record's XML element and PHP class, its fields in their order and wire
 * type (XML attributes), and its list (JSON and PHP: under `key`, before the fields when `first`;
 * XML: the element's children).
 */
export interface Shape {
  readonly element: string;
  readonly phpClass: string;
  readonly fields: Readonly<Record<string, 'integer' | 'text'>>;
  readonly list?: { readonly key: string; readonly shape: Shape; readonly first?: boolean };
}
const shape = (element: string, phpClass: string, fields: Shape['fields'], list?: Shape['list']): Shape =>
  list === undefined ? { element, phpClass, fields } : { element, phpClass, fields, list };
const ERROR = shape('error', 'Error', { code: 'integer', message: 'text' });
const NAMED = { name: 'text', short_name: 'text' } as const;
const CONTAINER = shape('container', 'Container', NAMED, { key: 'topics', shape: shape('topic', 'Topic', NAMED) });
const SHORT_URL = shape('shorturl', 'ShortURL', { link: 'text', short_url: 'text', itemid: 'integer', view_count: 'integer' });
export const SHAPES = {
  error: ERROR,
  errors: shape('errors', 'Errors', { timestamp: 'integer' }, { key: 'errors', shape: ERROR }),
  containers: shape('containers', 'Containers', { timestamp: 'integer' }, { key: 'containers', shape: CONTAINER }),
  shorturls: shape(
    'shorturls',
    'ShortURLs',
    { timestamp: 'integer', total: 'integer', count: 'integer', offset: 'integer' },
    { key: 'shorturls', first: true, shape: SHORT_URL },
  ),
};
export type ShapeKind = keyof typeof SHAPES;
/** A JSONP error also carries its HTTP status (docs/api.md, Bodies: Javascript). */
export const SCRIPT_ERROR: Shape = { ...ERROR, fields: { ...ERROR.fields, status: 'integer' } };
