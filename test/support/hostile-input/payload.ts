/**
 * Bodies read by the real parsers (test/support/parsers.ts) into one form for every type, with
 * the wire form checked on the way: XML by its elements and attributes, JSON, a JSONP call or an
 * alert, an unserialized PHP value with its classes. Gallery and events wrappers are decoded by
 * the gallery tests' own decoders (fromXml and fromTree of test/support/gallery-decode.ts).
 */
import { config } from '../../../lib/config';
import { type CommentView, fromTree, fromXml as listingFromXml, type Listing, type PhotoView } from '../gallery-decode';
import { parseXml, type PhpAnswer, runScript, type ScriptRun, XML_DECLARATION, type XmlElement } from '../parsers';
import { expectEmpty, expectIs, expectList } from '../quick-expect';
import { isCallable } from './rules';

interface TopicEntry {
  readonly name: string;
  readonly short_name: string;
}
interface ContainerEntry extends TopicEntry {
  readonly topics: readonly TopicEntry[];
}

interface ShortUrlEntry {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: unknown;
  readonly view_count: unknown;
}

/** A photo or a comment, as the gallery decoders give it. */
export type Entry = PhotoView | CommentView;

export type Payload =
  | { readonly kind: 'alert'; readonly message: string }
  | { readonly kind: 'error'; readonly code: number; readonly message: string; readonly status?: number }
  | { readonly kind: 'errors'; readonly timestamp: number; readonly entries: ReadonlyArray<{ code: number; message: string }> }
  | { readonly kind: 'containers'; readonly timestamp: number; readonly entries: readonly ContainerEntry[] }
  | {
      readonly kind: 'shorturls';
      readonly timestamp: number;
      /** As the body carries them: numbers unless the parser made something else of them. */
      readonly total: unknown;
      readonly count: unknown;
      readonly offset: unknown;
      readonly entries: readonly ShortUrlEntry[];
    }
  | ({ readonly kind: 'gallery' | 'events' } & Listing<Entry>);

export interface Parsed {
  readonly payload: Payload;
  /** Every string value the body carries, as its parser reads it. */
  readonly strings: readonly string[];
}

const integer = (text: string | undefined): number => (text !== undefined && /^-?[0-9]+$/.test(text) ? Number(text) : Number.NaN);

function xmlStrings(element: XmlElement): string[] {
  return [...Object.values(element.attributes), element.text, ...element.children.flatMap(xmlStrings)];
}

/** The element, checked to be a `name` element with exactly these attributes. */
function xmlElement(element: XmlElement, name: string, attributes: readonly string[]): XmlElement {
  expectIs(element.name, name);
  expectList(Object.keys(element.attributes), attributes);
  return element;
}

const xmlChildren = (element: XmlElement, name: string, attributes: readonly string[]): XmlElement[] =>
  element.children.map((child) => xmlElement(child, name, attributes));

function fromXml(body: string): Parsed {
  expectIs(body.startsWith(XML_DECLARATION), true);
  const root = parseXml(body);
  const strings = xmlStrings(root);
  const timestamp = integer(root.attributes.timestamp);
  const topic = (element: XmlElement): TopicEntry => ({ name: element.attributes.name!, short_name: element.attributes.short_name! });
  switch (root.name) {
    case 'error':
      xmlElement(root, 'error', ['code', 'message']);
      expectEmpty(root.children);
      return { payload: { kind: 'error', code: integer(root.attributes.code), message: root.attributes.message! }, strings };
    case 'errors': {
      xmlElement(root, 'errors', ['timestamp']);
      const entries = xmlChildren(root, 'error', ['code', 'message']).map((e) => ({
        code: integer(e.attributes.code),
        message: e.attributes.message!,
      }));
      return { payload: { kind: 'errors', timestamp, entries }, strings };
    }
    case 'containers': {
      xmlElement(root, 'containers', ['timestamp']);
      const entries = xmlChildren(root, 'container', ['name', 'short_name']).map((c) => ({
        ...topic(c),
        topics: xmlChildren(c, 'topic', ['name', 'short_name']).map(topic),
      }));
      return { payload: { kind: 'containers', timestamp, entries }, strings };
    }
    case 'shorturls': {
      xmlElement(root, 'shorturls', ['timestamp', 'total', 'count', 'offset']);
      const entries = xmlChildren(root, 'shorturl', ['link', 'short_url', 'itemid', 'view_count']).map((e) => {
        expectEmpty(e.children);
        const a = e.attributes;
        return { link: a.link!, short_url: a.short_url!, itemid: integer(a.itemid), view_count: integer(a.view_count) };
      });
      const { total, count, offset } = root.attributes;
      return {
        payload: { kind: 'shorturls', timestamp, total: integer(total), count: integer(count), offset: integer(offset), entries },
        strings,
      };
    }
    case 'gallery':
    case 'events':
      return { payload: { kind: root.name, ...listingFromXml(root.name, root) }, strings };
    default:
      throw new Error(`unexpected XML root <${root.name}>`);
  }
}

export function objectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(objectStrings);
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => (key === '__class' ? [] : objectStrings(item)));
  }
  return [];
}

/** The record's own keys, exactly in this order; PHP objects also carry their class. */
function record(value: unknown, phpClass: string | undefined, keys: readonly string[]): Record<string, unknown> {
  expectIs(typeof value === 'object' && value !== null && !Array.isArray(value), true);
  const fields = value as Record<string, unknown>;
  if (phpClass === undefined) {
    expectList(Object.keys(fields), keys);
  } else {
    expectList(Object.keys(fields), ['__class', ...keys]);
    expectIs(fields.__class, config.phpClassPrefix + phpClass);
  }
  return fields;
}

/** A JSON value, a JSONP argument (`script`: errors also carry `status`) or an unserialized PHP value. */
function fromObject(value: unknown, form: 'json' | 'script' | 'php'): Parsed {
  const php = form === 'php';
  const cls = (name: string): string | undefined => (php ? name : undefined);
  const errorKeys = form === 'script' ? ['code', 'message', 'status'] : ['code', 'message'];
  const topic = (t: unknown): TopicEntry => {
    const entry = record(t, cls('Topic'), ['name', 'short_name']);
    return { name: entry.name as string, short_name: entry.short_name as string };
  };
  const strings = objectStrings(value);
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if ('code' in fields) {
    const e = record(value, cls('Error'), errorKeys);
    const status = e.status as number | undefined;
    return {
      payload: { kind: 'error', code: e.code as number, message: e.message as string, ...(status === undefined ? {} : { status }) },
      strings,
    };
  }
  if ('errors' in fields) {
    const list = record(value, cls('Errors'), ['timestamp', 'errors']);
    const entries = (list.errors as unknown[]).map((e) => {
      const entry = record(e, cls('Error'), ['code', 'message']);
      return { code: entry.code as number, message: entry.message as string };
    });
    return { payload: { kind: 'errors', timestamp: list.timestamp as number, entries }, strings };
  }
  if ('containers' in fields) {
    const list = record(value, cls('Containers'), ['timestamp', 'containers']);
    const entries = (list.containers as unknown[]).map((c) => {
      const container = record(c, cls('Container'), ['name', 'short_name', 'topics']);
      return {
        name: container.name as string,
        short_name: container.short_name as string,
        topics: (container.topics as unknown[]).map(topic),
      };
    });
    return { payload: { kind: 'containers', timestamp: list.timestamp as number, entries }, strings };
  }
  if ('shorturls' in fields) {
    const list = record(value, cls('ShortURLs'), ['shorturls', 'timestamp', 'total', 'count', 'offset']);
    const entries = (list.shorturls as unknown[]).map((e) => {
      const entry = record(e, cls('ShortURL'), ['link', 'short_url', 'itemid', 'view_count']);
      return { link: entry.link as string, short_url: entry.short_url as string, itemid: entry.itemid, view_count: entry.view_count };
    });
    const { total, count, offset } = list;
    return { payload: { kind: 'shorturls', timestamp: list.timestamp as number, total, count, offset, entries }, strings };
  }
  if ('photos' in fields || 'comments' in fields) {
    const kind = 'photos' in fields ? 'gallery' : 'events';
    return { payload: { kind, ...fromTree(kind, value, php) }, strings };
  }
  throw new Error(`unexpected value ${JSON.stringify(value).slice(0, 200)}`);
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
