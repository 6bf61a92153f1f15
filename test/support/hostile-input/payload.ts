/** Bodies of every type read by the real parsers into one form, their wire form checked (docs/api.md, Bodies; ../gallery-decode.ts). */
import * as gallery from '../gallery-decode';
import type { ShortUrlValue } from '../../../lib/resources/short-urls';
import { type PhpAnswer, parseXml, runScript, type ScriptRun, XML_DECLARATION, type XmlElement } from '../parsers';
import { expectIs, expectList } from '../quick-expect';
import { isCallable } from './rules';

/** A record: its XML element and PHP class, fields in order with their wire type, its list (JSON, PHP: under `key`, first or last). */
type Shape = Readonly<{ element: string; phpClass: string; fields: Readonly<Record<string, 'integer' | 'text'>>; list?: List }>;
type List = Readonly<{ key: string; shape: Shape; first?: boolean }>;
const shape = (element: string, phpClass: string, fields: Shape['fields'], list?: List) => ({ element, phpClass, fields, list });
const ERROR = shape('error', 'Error', { code: 'integer', message: 'text' });
const NAMED = { name: 'text', short_name: 'text' } as const;
const CONTAINER = shape('container', 'Container', NAMED, { key: 'topics', shape: shape('topic', 'Topic', NAMED) });
const SHORT_URL = shape('shorturl', 'ShortURL', { link: 'text', short_url: 'text', itemid: 'integer', view_count: 'integer' });
const PAGE = { timestamp: 'integer', total: 'integer', count: 'integer', offset: 'integer' } as const;
const SHAPES = {
  error: ERROR,
  errors: shape('errors', 'Errors', { timestamp: 'integer' }, { key: 'errors', shape: ERROR }),
  containers: shape('containers', 'Containers', { timestamp: 'integer' }, { key: 'containers', shape: CONTAINER }),
  shorturls: shape('shorturls', 'ShortURLs', PAGE, { key: 'shorturls', first: true, shape: SHORT_URL }),
};
type ShapeKind = keyof typeof SHAPES;
/** A JSONP error also carries its HTTP status (docs/api.md, Bodies: Javascript). */
const SCRIPT_ERROR = shape('error', 'Error', { ...ERROR.fields, status: 'integer' });
type Named = Readonly<{ name: string; short_name: string }>;
export type Entry = gallery.PhotoView | gallery.CommentView;
export type Payload =
  | { readonly kind: 'alert'; readonly message: string }
  | { readonly kind: 'error'; readonly code: number; readonly message: string; readonly status?: number }
  | { readonly kind: 'errors'; readonly timestamp: number; readonly entries: ReadonlyArray<{ code: number; message: string }> }
  | { readonly kind: 'containers'; readonly timestamp: number; readonly entries: ReadonlyArray<Named & { topics: Named[] }> }
  | Readonly<{ kind: 'shorturls'; timestamp: number; total: number; count: number; offset: number; entries: readonly ShortUrlValue[] }>
  | ({ readonly kind: 'gallery' | 'events' } & gallery.Listing<Entry>);
/** The payload, and every string value the body carries as its parser reads it. */
export type Parsed = Readonly<{ payload: Payload; strings: readonly string[] }>;

/** The payload of a decoded record: its fields, its list (if any) as `entries`. */
function payloadOf(kind: ShapeKind, fields: Record<string, unknown>): Payload {
  const { [SHAPES[kind].list?.key ?? '']: entries, ...rest } = fields;
  return { kind, ...rest, ...(entries === undefined ? {} : { entries }) } as Payload;
}

/** An XML element of `shape`: exactly its attributes, in order; its children the list's, or none. */
function fromXmlElement(element: XmlElement, shape: Shape): Record<string, unknown> {
  expectIs(element.name, shape.element);
  expectList(Object.keys(element.attributes), Object.keys(shape.fields));
  const read = (key: string, type: string) => (type === 'integer' ? gallery.xmlInteger(element.attributes[key]) : element.attributes[key]);
  const fields = Object.fromEntries(Object.entries(shape.fields).map(([key, type]) => [key, read(key, type)]));
  const list = shape.list;
  if (list === undefined) expectList(element.children, []);
  return list === undefined ? fields : { ...fields, [list.key]: element.children.map((child) => fromXmlElement(child, list.shape)) };
}

const xmlStrings = (e: XmlElement): string[] => [...Object.values(e.attributes), e.text, ...e.children.flatMap(xmlStrings)];
function fromXml(body: string): Parsed {
  expectIs(body.startsWith(XML_DECLARATION), true);
  const root = parseXml(body);
  const strings = xmlStrings(root);
  if (root.name === 'gallery' || root.name === 'events')
    return { payload: { kind: root.name, ...gallery.fromXml(root.name, root) }, strings };
  if (!(root.name in SHAPES)) throw new Error(`unexpected XML root <${root.name}>`);
  return { payload: payloadOf(root.name as ShapeKind, fromXmlElement(root, SHAPES[root.name as ShapeKind])), strings };
}

export function objectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(objectStrings);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, item]) => (key === '__class' ? [] : objectStrings(item)));
}

/** A JSON or PHP record of `shape`: exactly its keys, in order, each of its wire type; PHP objects of its class. */
function fromRecord(value: unknown, shape: Shape, php: boolean): Record<string, unknown> {
  const { list } = shape;
  const names = Object.keys(shape.fields);
  const keys = list === undefined ? names : list.first ? [list.key, ...names] : [...names, list.key];
  const fields = gallery.fieldsOf(value, keys, php ? shape.phpClass : undefined);
  for (const [key, type] of Object.entries(shape.fields))
    expectIs(type === 'integer' ? Number.isSafeInteger(fields[key]) : typeof fields[key] === 'string', true);
  if (list === undefined) return fields;
  expectIs(Array.isArray(fields[list.key]), true);
  return { ...fields, [list.key]: (fields[list.key] as unknown[]).map((entry) => fromRecord(entry, list.shape, php)) };
}

/** A JSON value, a JSONP argument (`script`: errors carry `status`) or an unserialized PHP value. */
function fromObject(value: unknown, form: 'json' | 'script' | 'php'): Parsed {
  const strings = objectStrings(value);
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if ('photos' in fields || 'comments' in fields) {
    const kind = 'photos' in fields ? 'gallery' : 'events';
    return { payload: { kind, ...gallery.fromTree(kind, value, form === 'php') }, strings };
  }
  // An error is told by its code, a list by its key.
  const kind = (Object.keys(SHAPES) as ShapeKind[]).find((k) => (SHAPES[k].list?.key ?? 'code') in fields);
  if (kind === undefined) throw new Error(`unexpected value ${JSON.stringify(value).slice(0, 200)}`);
  const shape = kind === 'error' && form === 'script' ? SCRIPT_ERROR : SHAPES[kind];
  return { payload: payloadOf(kind, fromRecord(value, shape, form === 'php')), strings };
}

/** runScript() of each body once a file: only bodies past fromScript's text checks run, which end alike each run. */
const scriptRuns = new Map<string, ScriptRun>();
function runOnce(body: string, callback = 'callback'): ScriptRun {
  const key = `${callback}\u0000${body}`;
  return scriptRuns.get(key) ?? scriptRuns.set(key, runScript(body, callback)).get(key)!;
}

/** A Javascript body is exactly `alert("<message>");` or `/**\/<callback>(<JSON>);`: checked by its text, then run. */
function fromScript(body: string, query: URLSearchParams): Parsed {
  expectIs(/[\u2028\u2029]/.test(body), false);
  const alert = /^alert\((".*")\);$/s.exec(body);
  if (alert) {
    const message = JSON.parse(alert[1]!) as string;
    expectIs(typeof message, 'string');
    expect(runOnce(body)).toEqual({ calls: [], alerts: [message] });
    // The string literal as written, too: the callback must not appear in it in any escaped form.
    return { payload: { kind: 'alert', message }, strings: [message, alert[1]!] };
  }
  const callback = query.get('callback') ?? '';
  const prefix = `/**/${callback}(`;
  if (!isCallable(callback) || !body.startsWith(prefix) || !body.endsWith(');'))
    throw new Error(`neither an alert nor a call of the callback: ${body.slice(0, 200)}`);
  const argument = JSON.parse(body.slice(prefix.length, -2)) as unknown;
  expect(runOnce(body, callback)).toEqual({ calls: [[argument]], alerts: [] });
  return fromObject(argument, 'script');
}

/** A body of a type read in JavaScript; PHP bodies go through unserialize() first (fromPhp). */
export function fromBody(type: 'xml' | 'json' | 'javascript', body: string, query: URLSearchParams): Parsed {
  if (type === 'xml') return fromXml(body);
  return type === 'json' ? fromObject(JSON.parse(body), 'json') : fromScript(body, query);
}

/** PHP's own unserialize() of `body`: it read the body whole, back to the same bytes. */
export function fromPhp(answer: PhpAnswer, body: string): Parsed {
  if (answer.error !== undefined) expect(answer.error).toBeUndefined();
  expectIs(answer.serialized, body);
  return fromObject(answer.value, 'php');
}
