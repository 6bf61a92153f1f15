/**
 * What the smoke test reads of each resource in an answer decoded in any of the four types
 * (./parsers.ts): the error catalogue's entries, the containers, the short URLs, an error and the
 * gallery wrapper, each with its shape asserted on the way.
 */
import { assert } from './check';
import type { Decoded, XmlElement } from './parsers';

type Record_ = Record<string, unknown>;
const isRecord = (value: unknown): value is Record_ => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A PHP object's class must end with the resource's name (the prefix is a setting). */
function assertClass(decoded: Decoded, value: unknown, suffix: string): void {
  if (decoded.type !== 'php') return;
  const className = isRecord(value) ? value.__class : undefined;
  assert(
    typeof className === 'string' && new RegExp(`^[A-Za-z0-9_]*${suffix}$`).test(className),
    `PHP class ${String(className)}, expected …${suffix}`,
  );
}

function xmlRoot(decoded: Decoded, name: string): XmlElement {
  assert(decoded.type === 'xml', 'not XML');
  assert(decoded.root.name === name, `root element <${decoded.root.name}>, expected <${name}>`);
  return decoded.root;
}

function recordOf(decoded: Decoded, suffix: string): Record_ {
  assert(decoded.type !== 'xml', 'XML');
  assert(isRecord(decoded.value), `the answer is not an object: ${JSON.stringify(decoded.value)?.slice(0, 100)}`);
  assertClass(decoded, decoded.value, suffix);
  return decoded.value;
}

function listOf(record: Record_, key: string): unknown[] {
  const list = record[key];
  assert(Array.isArray(list), `no list "${key}" in the answer`);
  return list;
}

/** How a list resource is written: `<errors><error …/></errors>`, or an `…Errors` object whose `errors` holds `…Error` objects. */
interface ListShape {
  /** The XML root, and the key of the list in the other types. */
  readonly root: string;
  readonly element: string;
  /** The end of an entry's PHP class name; the list's is the same with `s`. */
  readonly className: string;
}

/** A list answer's entries in any type, each read (and its shape asserted) by `fromXml` or `fromValue`. */
function entriesOf<T>(decoded: Decoded, shape: ListShape, fromXml: (child: XmlElement) => T, fromValue: (entry: Record_) => T): T[] {
  if (decoded.type === 'xml') {
    return xmlRoot(decoded, shape.root).children.map((child) => {
      assert(child.name === shape.element, `<${child.name}> in <${shape.root}>`);
      return fromXml(child);
    });
  }
  return listOf(recordOf(decoded, `${shape.className}s`), shape.root).map((entry) => {
    assert(isRecord(entry), `an entry of ${shape.root} is not an object`);
    assertClass(decoded, entry, shape.className);
    return fromValue(entry);
  });
}

interface ErrorEntry {
  readonly code: number;
  readonly message: string;
}

/** The entries of an error catalogue answer, in any type. */
export function errorEntries(decoded: Decoded): ErrorEntry[] {
  return entriesOf(
    decoded,
    { root: 'errors', element: 'error', className: 'Error' },
    (child) => ({ code: Number(child.attributes.code), message: child.attributes.message ?? '' }),
    (entry) => entry as unknown as ErrorEntry,
  );
}

export function assertErrorEntries(entries: ErrorEntry[]): void {
  for (const entry of entries) {
    assert(Number.isInteger(entry.code) && typeof entry.message === 'string' && entry.message !== '', `bad entry ${JSON.stringify(entry)}`);
  }
}

interface ContainerEntry {
  readonly short_name: string;
  readonly topics: number;
}

export function containerEntries(decoded: Decoded): ContainerEntry[] {
  return entriesOf(
    decoded,
    { root: 'containers', element: 'container', className: 'Container' },
    (child) => {
      assert(child.attributes.name, '<container> without a name');
      assert(
        child.children.every((topic) => topic.name === 'topic' && topic.attributes.short_name),
        'a container holds something other than topics',
      );
      return { short_name: child.attributes.short_name ?? '', topics: child.children.length };
    },
    (entry) => {
      assert(typeof entry.name === 'string', 'a container has no name');
      const topics = listOf(entry, 'topics');
      assert(
        topics.every((topic) => isRecord(topic) && typeof topic.short_name === 'string'),
        'a topic has no short_name',
      );
      return { short_name: String(entry.short_name), topics: topics.length };
    },
  );
}

export interface ShortUrl {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: number;
  readonly view_count: number;
}

export function shortUrlEntries(decoded: Decoded): ShortUrl[] {
  const entries = entriesOf<Record_>(
    decoded,
    { root: 'shorturls', element: 'shorturl', className: 'ShortURL' },
    (child) => {
      const { link, short_url, itemid, view_count } = child.attributes;
      return { link, short_url, itemid: Number(itemid), view_count: Number(view_count) };
    },
    (entry) => entry,
  );
  return entries.map((entry) => {
    assert(typeof entry.link === 'string' && typeof entry.short_url === 'string', `bad short URL ${JSON.stringify(entry)}`);
    assert(Number.isInteger(entry.itemid) && Number.isInteger(entry.view_count), `bad itemid or view_count in ${JSON.stringify(entry)}`);
    return entry as unknown as ShortUrl;
  });
}

/** An error answer (as the catch-all gives): its code, and the HTTP status it claims. */
export function errorAnswer(decoded: Decoded): { code: number; status?: number; message?: string } {
  if (decoded.type === 'xml') {
    const { attributes } = xmlRoot(decoded, 'error');
    return { code: Number(attributes.code), ...(attributes.message === undefined ? {} : { message: attributes.message }) };
  }
  const value = recordOf(decoded, 'Error');
  return {
    code: Number(value.code),
    ...(value.status === undefined ? {} : { status: Number(value.status) }),
    ...(typeof value.message === 'string' ? { message: value.message } : {}),
  };
}

export function galleryWrapper(decoded: Decoded): void {
  const fields = ['timestamp', 'min_date', 'total', 'offset', 'count'];
  if (decoded.type === 'xml') {
    const root = xmlRoot(decoded, 'gallery');
    for (const field of fields) assert(/^\d+$/.test(root.attributes[field] ?? ''), `<gallery> has no numeric ${field}`);
    assert(
      root.children.every((child) => child.name === 'galleryphoto'),
      'a <gallery> child is not a <galleryphoto>',
    );
    return;
  }
  const value = recordOf(decoded, 'Gallery');
  for (const field of fields) assert(/^\d+$/.test(String(value[field])), `the gallery has no numeric ${field}`);
  const photos = listOf(value, 'photos');
  assert(photos.length === Number(value.count), `count ${String(value.count)} but ${photos.length} photos`);
}
