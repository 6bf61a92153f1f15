/**
 * Test data for the gallery endpoints, written to GalleryTable through the importer (so with
 * the counters it keeps) and removed through its writer, and the checks every gallery answer
 * goes through: each request made in all four types, each body decoded with the real parser of
 * its type and brought to one view, with the wire form (property order, PHP classes, XML
 * placement, `total` as a string) checked on the way. fromXml and fromTree are the one decoder
 * of gallery and events wrappers; the outage and hostile-input tests use them too. The order a
 * listing must have is test/support/gallery-order.ts.
 *
 * Isolation: the date-window endpoints see every photo of the table, and other tests share it.
 * Each test claims a time range of its own (claimRange): one that no stored photo or comment
 * comes near, and that no other test of this process claimed; ids are random and at least 10^12.
 */
import { randomInt } from 'node:crypto';
import { bumpsOf, type RecordChange } from '../../infra/gallery/changes';
import { importLines } from '../../infra/gallery/importer';
import { linesOf } from '../../infra/gallery/records';
import { DynamoGalleryLookup } from '../../infra/gallery/table';
import { writeChanges } from '../../infra/gallery/writer';
import { documentClient } from '../../lib/db/client';
import { allOf } from '../../lib/gallery/layout';
import { Listing as CounterReader } from '../../lib/gallery/listing';
import { GalleryReads } from '../../lib/gallery/reads';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { CONTENT_TYPE, TYPES, typeQuery, type ResponseType } from './expect-error';
import { invoke, withKey, type Invocation } from './invoke';
import { parseXml, runScript, unserializeAll, type XmlElement } from './parsers';

export const DAY = 24 * 60 * 60;
export const THIRTY_DAYS = 30 * DAY;

const table = (): string => {
  const name = process.env.GALLERY_TABLE;
  if (!name) throw new Error('GALLERY_TABLE is not set: run the integration project (its globalSetup sets it)');
  return name;
};

const epoch = (year: number): number => Date.UTC(year, 0, 1) / 1000;

// ---------------------------------------------------------------------------------------------
// Ids and time ranges

let lastId = 0;

/** A fresh id: at least 10^12, random, never the same twice in this process. */
export function uniqueId(): number {
  let id = 10 ** 12 + randomInt(0, 2 ** 47);
  if (id <= lastId) id = lastId + 1;
  lastId = id;
  return id;
}

const claimed: Array<[number, number]> = [];

/** The table's counters, read as the functions read them. */
const listing = (): CounterReader => new CounterReader(new GalleryReads(documentClient, table()));

async function anythingBetween(from: number, to: number): Promise<boolean> {
  return (await listing().total([allOf('photo'), allOf('comment')], { from: Math.max(0, from), to })) > 0;
}

export interface RangeOptions {
  /** First and last year the range may lie in (UTC); each test file takes years of its own. */
  readonly years: readonly [number, number];
}

/**
 * The start (midnight UTC) of `span` seconds that nothing stored in the table comes within 31
 * days of, and that no other test of this process claimed (with the same margin).
 */
export async function claimRange(span: number, { years }: RangeOptions): Promise<number> {
  const first = epoch(years[0]) / DAY;
  const last = (epoch(years[1] + 1) - span) / DAY - 1;
  const margin = 31 * DAY;
  for (let attempt = 0; attempt < 50; attempt++) {
    const start = randomInt(first, Math.floor(last)) * DAY;
    const from = start - margin;
    const to = start + span + margin;
    if (claimed.some(([a, b]) => from <= b && a <= to)) continue;
    if (await anythingBetween(from, to)) continue;
    claimed.push([from, to]);
    return start;
  }
  throw new Error(`no free range of ${span} s in ${years[0]}–${years[1]}`);
}

// ---------------------------------------------------------------------------------------------
// Photos and comments

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
export type TestPhoto = Mutable<PhotoRecord>;
export type TestComment = Mutable<CommentRecord>;

/** Photos and comments made for one test; save() writes them, remove() deletes them. */
export class GalleryData {
  readonly photos: TestPhoto[] = [];
  readonly comments: TestComment[] = [];

  photo(submit_date: number, fields: Partial<TestPhoto> = {}): TestPhoto {
    const id = fields.id ?? uniqueId();
    const photo: TestPhoto = {
      id,
      submit_date,
      comments: 0,
      title: `Photo ${id}`,
      user: {
        name: `user${id % 100_000}`,
        icon: `http://img.example.net/u/${id}.png`,
        registered: 1_100_000_000 + (id % 1000),
        profileviews: id % 9973,
      },
      src: `http://img.example.net/p/${id}_t.jpg`,
      href: `http://news.example.net/gallery/${id}`,
      digg_count: 0,
      ...fields,
    };
    this.photos.push(photo);
    return photo;
  }

  /** A top-level comment of `photo`; its photo's comment count follows. */
  comment(photo: TestPhoto, date: number, fields: Partial<TestComment> = {}): TestComment {
    return this.addComment(photo, undefined, date, fields);
  }

  /** A reply to `parent` (one level deeper, in its thread); counts follow. */
  reply(parent: TestComment, date: number, fields: Partial<TestComment> = {}): TestComment {
    return this.addComment(
      this.photos.find((p) => p.id === parent.story),
      parent,
      date,
      fields,
    );
  }

  private addComment(
    photo: TestPhoto | undefined,
    parent: TestComment | undefined,
    date: number,
    fields: Partial<TestComment>,
  ): TestComment {
    const id = fields.id ?? uniqueId();
    const comment: TestComment = {
      date,
      id,
      story: parent?.story ?? photo!.id,
      up: 0,
      down: 0,
      replies: 0,
      replyto: parent?.id ?? null,
      user: `${parent ? 'replier' : 'commenter'}${id % 100_000}`,
      content: parent ? `Reply ${id} to ${parent.id}` : `Comment ${id}`,
      level: parent ? parent.level + 1 : 0,
      root: parent?.root ?? id,
      ...fields,
    };
    if (parent) parent.replies += 1;
    if (photo) photo.comments += 1;
    this.comments.push(comment);
    return comment;
  }

  async save(): Promise<this> {
    const summary = await importLines(linesOf(this.photos, this.comments), documentClient, table());
    if (summary.refused.length > 0) throw new Error(`the importer refused test data: ${JSON.stringify(summary.refused.slice(0, 3))}`);
    return this;
  }

  /** Deletes what the table holds of the records, taking them off its counters and counts, replies first. */
  async remove(): Promise<void> {
    const lookup = new DynamoGalleryLookup(documentClient, table());
    const [photos, comments] = await Promise.all([
      lookup.photos(this.photos.map((p) => p.id)),
      lookup.comments(this.comments.map((c) => c.id)),
    ]);
    const deepestFirst = [...comments.values()].sort((a, b) => b.level - a.level);
    const changes: RecordChange[] = [
      ...deepestFirst.map((comment): RecordChange => ({ kind: 'comment', before: comment, after: undefined, bumps: bumpsOf(comment) })),
      ...[...photos.values()].map((photo): RecordChange => ({ kind: 'photo', before: photo, after: undefined, bumps: [] })),
    ];
    await writeChanges(documentClient, table(), changes);
  }
}

/** 1980-01-01: older than anything the gallery tests write, so the gallery's earliest date is at most this. */
export const ANCHOR_DATE = 315_532_800;

/**
 * Registers a test file's hooks: `anchor` is stored before its tests (and removed after them);
 * what each test stores through the returned `save` is removed after that test.
 */
export function galleryDataPerTest(anchor: (data: GalleryData) => void): (build: (data: GalleryData) => void) => Promise<GalleryData> {
  const anchored = new GalleryData();
  const written: GalleryData[] = [];
  beforeAll(async () => {
    anchor(anchored);
    await anchored.save();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    for (const data of written.splice(0)) await data.remove();
  });
  afterAll(() => anchored.remove());
  return async (build) => {
    const data = new GalleryData();
    build(data);
    written.push(data);
    return data.save();
  };
}

/** The earliest date of any photo (or comment) in the table, from its counters. */
export const earliestInTable = (kind: 'photo' | 'comment'): Promise<number | undefined> => listing().earliest(allOf(kind));

// ---------------------------------------------------------------------------------------------
// What the API shows of them

export interface PhotoView {
  id: number;
  submit_date: number;
  comments: number;
  title: string;
  user: { name: string; icon: string; registered: number; profileviews: number };
  src: string;
  href: string;
}

export interface CommentView {
  date: number;
  id: number;
  story: number;
  up: number;
  down: number;
  replies: number;
  replyto: number | null;
  user: string;
  content: string;
  level: number;
  root: number;
}

/** A photo as every type shows it: the fields of docs/api.md, Bodies, not its digg count. */
export const photoView = (photo: PhotoRecord): PhotoView => ({
  id: photo.id,
  submit_date: photo.submit_date,
  comments: photo.comments,
  title: photo.title,
  user: { name: photo.user.name, icon: photo.user.icon, registered: photo.user.registered, profileviews: photo.user.profileviews },
  src: photo.src,
  href: photo.href,
});

export const commentView = (comment: CommentRecord): CommentView => ({
  date: comment.date,
  id: comment.id,
  story: comment.story,
  up: comment.up,
  down: comment.down,
  replies: comment.replies,
  replyto: comment.replyto,
  user: comment.user,
  content: comment.content,
  level: comment.level,
  root: comment.root,
});

/** A gallery or events wrapper in one view for every type; `total` as a number. */
export interface Listing<T> {
  timestamp: number;
  min_date: number;
  max_date?: number;
  total: number;
  offset: number;
  count: number;
  items: T[];
}

export type Kind = 'gallery' | 'events';

const WRAPPER = ['timestamp', 'min_date', 'max_date', 'total', 'offset', 'count'];
const PHOTO_KEYS = ['id', 'submit_date', 'comments', 'title', 'user', 'src', 'href'];
const USER_KEYS = ['name', 'icon', 'registered', 'profileviews'];
const COMMENT_KEYS = ['date', 'id', 'story', 'up', 'down', 'replies', 'replyto', 'user', 'content', 'level', 'root'];

type Rec = Record<string, unknown>;

const integer = (text: string | undefined): number => {
  expect(text).toMatch(/^-?[0-9]+$/);
  return Number(text);
};

function wrapperKeys(kind: Kind, hasMax: boolean): string[] {
  return WRAPPER.filter((key) => key !== 'max_date' || (kind === 'gallery' && hasMax));
}

/** JSON, Javascript or PHP (objects with `__class`) to the view, checking the wire form. */
export function fromTree(kind: Kind, tree: unknown, php: boolean): Listing<PhotoView | CommentView> {
  const value = tree as Rec;
  const strip = (record: Rec, phpClass: string): Rec => {
    const keys = Object.keys(record);
    if (!php) return record;
    expect(keys[0]).toBe('__class');
    expect(record.__class).toBe(phpClass);
    const { __class: _ignored, ...rest } = record;
    return rest;
  };
  const listName = kind === 'gallery' ? 'photos' : 'comments';
  const wrapper = strip(value, kind === 'gallery' ? 'ServiceAPIGallery' : 'ServiceAPIEvents');
  expect(Object.keys(wrapper)).toEqual([...wrapperKeys(kind, 'max_date' in wrapper), listName]);
  // docs/api.md, Bodies: `total` is a string in gallery and comment lists, a plain decimal.
  expect(typeof wrapper.total).toBe('string');
  expect(wrapper.total).toMatch(/^(0|[1-9][0-9]*)$/);
  for (const key of ['timestamp', 'min_date', 'max_date', 'offset', 'count']) {
    if (key in wrapper) expect(Number.isSafeInteger(wrapper[key])).toBe(true);
  }
  expect(Array.isArray(wrapper[listName])).toBe(true);
  const items = (wrapper[listName] as Rec[]).map((entry) => {
    if (kind === 'gallery') {
      const photo = strip(entry, 'ServiceAPIGalleryPhoto');
      expect(Object.keys(photo)).toEqual(PHOTO_KEYS);
      const user = strip(photo.user as Rec, 'ServiceAPIUser');
      expect(Object.keys(user)).toEqual(USER_KEYS);
      return { ...photo, user } as unknown as PhotoView;
    }
    const comment = strip(entry, 'ServiceAPIComment');
    expect(Object.keys(comment)).toEqual(COMMENT_KEYS);
    return comment as unknown as CommentView;
  });
  const listing: Listing<PhotoView | CommentView> = {
    timestamp: wrapper.timestamp as number,
    min_date: wrapper.min_date as number,
    ...('max_date' in wrapper ? { max_date: wrapper.max_date as number } : {}),
    total: Number(wrapper.total),
    offset: wrapper.offset as number,
    count: wrapper.count as number,
    items,
  };
  return listing;
}

/** XML to the view, checking the placement of every field. */
export function fromXml(kind: Kind, root: XmlElement): Listing<PhotoView | CommentView> {
  expect(root.name).toBe(kind);
  expect(root.text).toBe('');
  const keys = Object.keys(root.attributes);
  expect(keys).toEqual(wrapperKeys(kind, 'max_date' in root.attributes));
  const attr = root.attributes;
  const items = root.children.map((child): PhotoView | CommentView => {
    if (kind === 'gallery') {
      expect(child.name).toBe('galleryphoto');
      expect(Object.keys(child.attributes)).toEqual(['id', 'submit_date', 'comments', 'src', 'href']);
      expect(child.children.map((element) => element.name)).toEqual(['title', 'user']);
      expect(child.text).toBe('');
      const [title, user] = child.children as [XmlElement, XmlElement];
      expect(title.attributes).toEqual({});
      expect(title.children).toEqual([]);
      expect(Object.keys(user.attributes)).toEqual(USER_KEYS);
      expect(user.children).toEqual([]);
      expect(user.text).toBe('');
      const a = child.attributes;
      return {
        id: integer(a.id),
        submit_date: integer(a.submit_date),
        comments: integer(a.comments),
        title: title.text,
        user: {
          name: user.attributes.name!,
          icon: user.attributes.icon!,
          registered: integer(user.attributes.registered),
          profileviews: integer(user.attributes.profileviews),
        },
        src: a.src!,
        href: a.href!,
      };
    }
    expect(child.name).toBe('comment');
    expect(child.children).toEqual([]);
    const a = child.attributes;
    // Every field an attribute in the record's order, content the text; a null replyto is absent.
    expect(Object.keys(a)).toEqual(COMMENT_KEYS.filter((key) => key !== 'content' && (key !== 'replyto' || 'replyto' in a)));
    return {
      date: integer(a.date),
      id: integer(a.id),
      story: integer(a.story),
      up: integer(a.up),
      down: integer(a.down),
      replies: integer(a.replies),
      replyto: 'replyto' in a ? integer(a.replyto) : null,
      user: a.user!,
      content: child.text,
      level: integer(a.level),
      root: integer(a.root),
    };
  });
  return {
    timestamp: integer(attr.timestamp),
    min_date: integer(attr.min_date),
    ...('max_date' in attr ? { max_date: integer(attr.max_date) } : {}),
    total: integer(attr.total),
    offset: integer(attr.offset),
    count: integer(attr.count),
    items,
  };
}

export type Answers<T> = Record<ResponseType, Listing<T>>;

export interface Fetched<T> {
  readonly listings: Answers<T>;
  readonly responses: Record<ResponseType, Invocation>;
  /** The request time window in epoch seconds (what `timestamp` must lie in). */
  readonly requested: readonly [number, number];
}

/** Every response carries this (docs/api.md, Deprecation): the default of template.yaml. */
export const DEPRECATION = '@1767225600';

/** A target with `query` (may be empty), the type's arguments and the test app key. */
export const targetFor = (path: string, query: string, type: ResponseType): string =>
  withKey(`${path}?${[query, typeQuery(type)].filter(Boolean).join('&')}`);

/**
 * Makes the request in all four types and answers each decoded to the view, after checking
 * status 200, the headers, and that count is the number of entries returned.
 */
export async function fetchAll<T extends PhotoView | CommentView>(kind: Kind, path: string, query = ''): Promise<Fetched<T>> {
  const before = Math.floor(Date.now() / 1000);
  const responses = {} as Record<ResponseType, Invocation>;
  for (const type of TYPES) responses[type] = await invoke(targetFor(path, query, type));
  const after = Math.floor(Date.now() / 1000);
  for (const type of TYPES) {
    const response = responses[type];
    if (response.statusCode !== 200)
      throw new Error(`${type} ${path}?${query}: HTTP ${response.statusCode}: ${response.body.slice(0, 300)}`);
    expect(response.headers['content-type']).toBe(CONTENT_TYPE[type]);
    // No group has a sunset date unless the operator sets one (docs/api.md, Retirement).
    expect(response.headers).not.toHaveProperty('sunset');
    expect(response.headers.deprecation).toBe(DEPRECATION);
  }
  const [php] = unserializeAll([responses.php.body]);
  expect(php?.error).toBeUndefined();
  expect(php?.serialized).toBe(responses.php.body);
  const json = JSON.parse(responses.json.body) as unknown;
  const script = runScript(responses.javascript.body, 'callback');
  expect(responses.javascript.body.startsWith('/**/callback(')).toBe(true);
  expect(script.alerts).toEqual([]);
  expect(script.calls).toHaveLength(1);
  expect(script.calls[0]).toHaveLength(1);
  const listings = {
    xml: fromXml(kind, parseXml(responses.xml.body)),
    json: fromTree(kind, json, false),
    javascript: fromTree(kind, script.calls[0]![0], false),
    php: fromTree(kind, php!.value, true),
  } as Answers<T>;
  for (const type of TYPES) {
    const listing = listings[type];
    expect([type, 'count', listing.count]).toEqual([type, 'count', listing.items.length]);
    expect(listing.timestamp).toBeGreaterThanOrEqual(before);
    expect(listing.timestamp).toBeLessThanOrEqual(after);
  }
  return { listings, responses, requested: [before, after] };
}

export const fetchPhotos = (path: string, query = ''): Promise<Fetched<PhotoView>> => fetchAll<PhotoView>('gallery', path, query);
export const fetchComments = (path: string, query = ''): Promise<Fetched<CommentView>> => fetchAll<CommentView>('events', path, query);

/** What XML can carry of a string: characters outside XML 1.0's Char production become U+FFFD. */
export const xmlSafe = (text: string): string =>
  text.toWellFormed().replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD');

function mapStrings<T>(value: T, map: (text: string) => string): T {
  if (typeof value === 'string') return map(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)])) as T;
  }
  return value;
}

export interface ExpectedListing<T> {
  readonly min_date: number;
  readonly max_date?: number;
  readonly total: number;
  readonly offset?: number;
  readonly items: readonly T[];
}

/** Every type answered exactly this (timestamp aside); XML with what it cannot carry replaced. */
export function expectListing<T>(fetched: Fetched<T>, expected: ExpectedListing<T>): void {
  for (const type of TYPES) {
    const { timestamp: _timestamp, ...listing } = fetched.listings[type];
    const want = {
      min_date: expected.min_date,
      ...(expected.max_date === undefined ? {} : { max_date: expected.max_date }),
      total: expected.total,
      offset: expected.offset ?? 0,
      count: expected.items.length,
      items: type === 'xml' ? mapStrings([...expected.items], xmlSafe) : [...expected.items],
    };
    expect({ type, ...listing }).toEqual({ type, ...want });
  }
}

/** The ids each type listed, checked to be the same in every type. */
export function idsOf<T extends { id: number }>(fetched: Fetched<T>): number[] {
  const ids = fetched.listings.json.items.map((item) => item.id);
  for (const type of TYPES) expect([type, fetched.listings[type].items.map((item) => item.id)]).toEqual([type, ids]);
  return ids;
}

/** Fisher–Yates, so that no test depends on the order data was written or listed in. */
export function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = randomInt(0, i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
