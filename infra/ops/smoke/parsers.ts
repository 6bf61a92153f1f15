/**
 * The smoke test's parsers, one per response type, each strict enough that a damaged body fails:
 * saxes for XML (well-formedness), JSON.parse, node:vm for Javascript (the callback must be
 * called), and php-serialize for PHP (php-cli may be missing where the smoke test runs), with a
 * re-serialization that must give back the body byte for byte, so trailing bytes fail too.
 */
import { runInNewContext } from 'node:vm';
import { unserialize } from 'php-serialize';
import { SaxesParser } from 'saxes';
import { REQUEST_TIMEOUT_MS } from './check';

export const TYPES = ['xml', 'json', 'javascript', 'php'] as const;
export type ResponseType = (typeof TYPES)[number];

export const MEDIA_TYPES: Record<ResponseType, string> = {
  xml: 'text/xml',
  json: 'application/json',
  javascript: 'text/javascript',
  php: 'application/php',
};

export interface XmlElement {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

/** Parses a whole XML document strictly; throws on any fault. */
export function parseXml(body: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', (tag) => {
    const element: XmlElement = { name: tag.name, attributes: { ...(tag.attributes as Record<string, string>) }, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1]!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    if (stack.length > 0) stack[stack.length - 1]!.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.write(body).close();
  if (failure) throw failure;
  if (!root) throw new Error('no root element');
  return root;
}

export interface ScriptRun {
  /** The arguments of each call of the callback. */
  readonly calls: unknown[][];
  /** The messages of each alert(). */
  readonly alerts: unknown[];
}

/**
 * Runs a Javascript body in a fresh context in which `callback` (dotted or not) and alert() are
 * defined. A body that never ends is stopped after a request's own time (./check.ts).
 */
export function runScript(body: string, callback = 'callback'): ScriptRun {
  const calls: unknown[][] = [];
  const alerts: unknown[] = [];
  const sandbox: Record<string, unknown> = { alert: (message: unknown) => alerts.push(message) };
  const names = callback.split('.');
  let holder = sandbox;
  for (const name of names.slice(0, -1)) {
    holder[name] ??= {};
    holder = holder[name] as Record<string, unknown>;
  }
  holder[names.at(-1)!] = (...args: unknown[]) => calls.push(args);
  runInNewContext(body, sandbox, { timeout: REQUEST_TIMEOUT_MS });
  // Values made in another context have other prototypes: read them as plain data.
  return JSON.parse(JSON.stringify({ calls, alerts })) as ScriptRun;
}

/** Runs a Javascript body that must call `callback` exactly once, with one argument, which it returns. */
export function runJsonp(body: string, callback: string): unknown {
  const { calls } = runScript(body, callback);
  if (calls.length !== 1) throw new Error(`the script called ${callback}() ${calls.length} times`);
  if (calls[0]!.length !== 1) throw new Error(`${callback}() was called with ${calls[0]!.length} arguments`);
  return calls[0]![0];
}

/** An unserialized PHP object: its properties, and its class under `__class`. */
export type PhpObject = Record<string, unknown> & { readonly __class: string };

const INCOMPLETE = '__PHP_Incomplete_Class_Name';

/** Unserializes a PHP body (objects of any class) and checks that nothing was left over. */
export function parsePhp(body: string): unknown {
  const value: unknown = unserialize(body, {}, { strict: false });
  const again = serializePhp(value);
  if (again !== body)
    throw new Error(
      `the body is not exactly one serialized value (${Buffer.byteLength(body)} bytes, the value is ${Buffer.byteLength(again)})`,
    );
  return plain(value);
}

const INTEGER_KEY = /^(0|-?[1-9]\d*)$/;

function serializeString(text: string): string {
  return `s:${Buffer.byteLength(text)}:"${text}";`;
}

function serializePairs(entries: [string, unknown][]): string {
  return entries.map(([key, item]) => (INTEGER_KEY.test(key) ? `i:${key};` : serializeString(key)) + serializePhp(item)).join('');
}

/** PHP's serialize() of what php-serialize's unserialize() returned (objects of unknown classes). */
function serializePhp(value: unknown): string {
  if (value === null) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'bigint') return `i:${value};`;
  if (typeof value === 'number') return Number.isInteger(value) && !Object.is(value, -0) ? `i:${value};` : `d:${value};`;
  if (typeof value === 'string') return serializeString(value);
  if (Array.isArray(value)) return `a:${value.length}:{${serializePairs(value.map((item, index) => [String(index), item]))}}`;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const entries = Object.entries(record).filter(([key]) => key !== INCOMPLETE);
    const className = record[INCOMPLETE];
    if (typeof className === 'string')
      return `O:${Buffer.byteLength(className)}:"${className}":${entries.length}:{${serializePairs(entries)}}`;
    return `a:${entries.length}:{${serializePairs(entries)}}`;
  }
  throw new Error(`unexpected value ${String(value)}`);
}

/** Objects as records with their class under `__class`; BigInts as numbers. */
function plain(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(record)) result[key === INCOMPLETE ? '__class' : key] = plain(item);
    return result;
  }
  return value;
}

export type Decoded =
  | { readonly type: 'xml'; readonly root: XmlElement }
  | { readonly type: 'json' | 'javascript' | 'php'; readonly value: unknown };

/** Decodes a body with the parser of the type it was asked for, after checking its Content-Type. */
export function decodeBody(type: ResponseType, contentType: string | null, body: string, callback: string): Decoded {
  const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== MEDIA_TYPES[type]) throw new Error(`Content-Type ${contentType ?? '(none)'}, expected ${MEDIA_TYPES[type]}`);
  switch (type) {
    case 'xml':
      return { type, root: parseXml(body) };
    case 'json':
      return { type, value: JSON.parse(body) };
    case 'javascript':
      return { type, value: runJsonp(body, callback) };
    case 'php':
      return { type, value: parsePhp(body) };
  }
}
