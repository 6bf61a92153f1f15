/**
 * Bodies read by the real parsers (test/support/parsers.ts) into one form for every type, with
 * the wire form checked on the way: XML by its elements and attributes, JSON, a JSONP call or an
 * alert, an unserialized PHP value with its classes. Gallery and events wrappers are decoded by
 * the gallery tests' own decoders (fromXml and fromTree of test/support/gallery-decode.ts).
 */
import {
  type CommentView,
  fieldsOf,
  fromTree,
  fromXml as listingFromXml,
  type Listing,
  type PhotoView,
  xmlInteger,
} from '../gallery-decode';
import { parseXml, type PhpAnswer, runScript, type ScriptRun, XML_DECLARATION, type XmlElement } from '../parsers';
import { expectEmpty, expectIs, expectList } from '../quick-expect';
import { SCRIPT_ERROR, SHAPES, type Shape, type ShapeKind } from './body-shapes';
import { isCallable } from './rules';

interface Named {
  readonly name: string;
  readonly short_name: string;
}
interface ShortUrlEntry {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: number;
  readonly view_count: number;
}

/** A photo or a comment, as the gallery decoders give it. */
export type Entry = PhotoView | CommentView;

export type Payload =
  | { readonly kind: 'alert'; readonly message: string }
  | { readonly kind: 'error'; readonly code: number; readonly message: string; readonly status?: number }
  | { readonly kind: 'errors'; readonly timestamp: number; readonly entries: ReadonlyArray<{ code: number; message: string }> }
  | { readonly kind: 'containers'; readonly timestamp: number; readonly entries: ReadonlyArray<Named & { topics: Named[] }> }
  | {
      readonly kind: 'shorturls';
      readonly timestamp: number;
      readonly total: number;
      readonly count: number;
      readonly offset: number;
      readonly entries: readonly ShortUrlEntry[];
    }
  | ({ readonly kind: 'gallery' | 'events' } & Listing<Entry>);

export interface Parsed {
  readonly payload: Payload;
  /** Every string value the body carries, as its parser reads it. */
  readonly strings: readonly string[];
}

/** The payload of a decoded record: its fields, its list (if any) as `entries`. */
function payloadOf(kind: ShapeKind, fields: Record<string, unknown>): Payload {
  const { [SHAPES[kind].list?.key ?? '']: entries, ...rest } = fields;
  return { kind, ...rest, ...(entries === undefined ? {} : { entries }) } as Payload;
}

function xmlStrings(element: XmlElement): string[] {
  return [...Object.values(element.attributes), element.text, ...element.children.flatMap(xmlStrings)];
}

/** An XML element of `shape`: exactly its attributes, in order; its children the list's, or none. */
function fromXmlElement(element: XmlElement, shape: Shape): Record<string, unknown> {
  expectIs(element.name, shape.element);
  expectList(Object.keys(element.attributes), Object.keys(shape.fields));
  const read = (key: string, type: string) => (type === 'integer' ? xmlInteger(element.attributes[key]) : element.attributes[key]);
  const fields = Object.fromEntries(Object.entries(shape.fields).map(([key, type]) => [key, read(key, type)]));
  if (shape.list === undefined) {
    expectEmpty(element.children);
    return fields;
  }
  const list = shape.list;
  return { ...fields, [list.key]: element.children.map((child) => fromXmlElement(child, list.shape)) };
}

function fromXml(body: string): Parsed {
  expectIs(body.startsWith(XML_DECLARATION), true);
  const root = parseXml(body);
  const strings = xmlStrings(root);
  if (root.name === 'gallery' || root.name === 'events')
    return { payload: { kind: root.name, ...listingFromXml(root.name, root) }, strings };
  if (!(root.name in SHAPES)) throw new Error(`unexpected XML root <${root.name}>`);
  const kind = root.name as ShapeKind;
  return { payload: payloadOf(kind, fromXmlElement(root, SHAPES[kind])), strings };
}

export function objectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(objectStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => (key === '__class' ? [] : objectStrings(item)));
  }
  return [];
}

/** A JSON or PHP record of `shape`: exactly its keys, in order, each of its wire type; PHP objects of its class. */
function fromRecord(value: unknown, shape: Shape, php: boolean): Record<string, unknown> {
  const { list } = shape;
  const keys = Object.keys(shape.fields);
  const order = list === undefined ? keys : list.first ? [list.key, ...keys] : [...keys, list.key];
  const fields = fieldsOf(value, order, php ? shape.phpClass : undefined);
  for (const [key, type] of Object.entries(shape.fields)) {
    expectIs(type === 'integer' ? Number.isSafeInteger(fields[key]) : typeof fields[key] === 'string', true);
  }
  if (list === undefined) return fields;
  expectIs(Array.isArray(fields[list.key]), true);
  return { ...fields, [list.key]: (fields[list.key] as unknown[]).map((entry) => fromRecord(entry, list.shape, php)) };
}

/** A JSON value, a JSONP argument (`script`: errors also carry `status`) or an unserialized PHP value. */
function fromObject(value: unknown, form: 'json' | 'script' | 'php'): Parsed {
  const strings = objectStrings(value);
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if ('photos' in fields || 'comments' in fields) {
    const kind = 'photos' in fields ? 'gallery' : 'events';
    return { payload: { kind, ...fromTree(kind, value, form === 'php') }, strings };
  }
  // An error is told by its code, a list by its key.
  const kind = (Object.keys(SHAPES) as ShapeKind[]).find((k) => (SHAPES[k].list?.key ?? 'code') in fields);
  if (kind === undefined) throw new Error(`unexpected value ${JSON.stringify(value).slice(0, 200)}`);
  const shape = kind === 'error' && form === 'script' ? SCRIPT_ERROR : SHAPES[kind];
  return { payload: payloadOf(kind, fromRecord(value, shape, form === 'php')), strings };
}

/**
 * runScript() of each body (and callback) once in the file. Only bodies past fromScript's text
 * checks run: an alert of one string literal, or one call of one JSON value, which end alike each run.
 */
const scriptRuns = new Map<string, ScriptRun>();
function runOnce(body: string, callback = 'callback'): ScriptRun {
  const key = `${callback}\u0000${body}`;
  if (!scriptRuns.has(key)) scriptRuns.set(key, runScript(body, callback));
  return scriptRuns.get(key)!;
}

/**
 * A Javascript body is exactly `alert("<message>");` or `/**\/<callback>(<JSON>);`, nothing
 * more: checked by its text, then run, so that nothing but the alert or the one call happens.
 */
function fromScript(body: string, query: URLSearchParams): Parsed {
  expectIs(/[\u2028\u2029]/.test(body), false);
  const alert = /^alert\((".*")\);$/s.exec(body);
  if (alert) {
    const message = JSON.parse(alert[1]!) as unknown;
    expectIs(typeof message, 'string');
    expect(runOnce(body)).toEqual({ calls: [], alerts: [message] });
    // The string literal as written, too: the callback must not appear in it in any escaped form.
    return { payload: { kind: 'alert', message: message as string }, strings: [message as string, alert[1]!] };
  }
  const callback = query.get('callback') ?? '';
  const prefix = `/**/${callback}(`;
  if (!isCallable(callback) || !body.startsWith(prefix) || !body.endsWith(');')) {
    throw new Error(`neither an alert nor a call of the callback: ${body.slice(0, 200)}`);
  }
  const argument = JSON.parse(body.slice(prefix.length, -2)) as unknown;
  expect(runOnce(body, callback)).toEqual({ calls: [[argument]], alerts: [] });
  return fromObject(argument, 'script');
}

/** A body of a type read in JavaScript, in the one form; PHP bodies go through unserialize() first (fromPhp). */
export function fromBody(type: 'xml' | 'json' | 'javascript', body: string, query: URLSearchParams): Parsed {
  if (type === 'xml') return fromXml(body);
  return type === 'json' ? fromObject(JSON.parse(body), 'json') : fromScript(body, query);
}

/** PHP's own unserialize() of `body`, in the one form: it read the body whole, back to the same bytes. */
export function fromPhp(answer: PhpAnswer, body: string): Parsed {
  if (answer.error !== undefined) expect(answer.error).toBeUndefined();
  expectIs(answer.serialized, body);
  return fromObject(answer.value, 'php');
}
