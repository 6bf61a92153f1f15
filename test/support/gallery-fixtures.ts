/** Gallery test data, written through the importer and removed through its writer; each test claims a time range of its own. */
import { randomInt } from 'node:crypto';
import { bumpsOf, type RecordChange } from '../../infra/ops/gallery/changes';
import { DynamoGalleryLookup } from '../../infra/ops/gallery/table';
import { writeChanges } from '../../infra/ops/gallery/writer';
import { documentClient } from '../../lib/db/client';
import { allOf } from '../../lib/gallery/layout';
import { Listing as CounterReader } from '../../lib/gallery/listing';
import { GalleryReads } from '../../lib/gallery/reads';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { commentRecord, photoRecord } from './gallery-records';
import { importRecords } from './own-table';

export const DAY = 24 * 60 * 60;
export const THIRTY_DAYS = 30 * DAY;

function table(): string {
  if (!process.env.GALLERY_TABLE) throw new Error('GALLERY_TABLE is not set: run the integration project (its globalSetup sets it)');
  return process.env.GALLERY_TABLE;
}

const epoch = (year: number): number => Date.UTC(year, 0, 1) / 1000;
let lastId = 0;
/** A fresh id: at least 10^12, random, never the same twice in this process. */
export const uniqueId = (): number => (lastId = Math.max(lastId + 1, 10 ** 12 + randomInt(0, 2 ** 47)));
const claimed: Array<[number, number]> = [];

/** Whether the table's counters, read as the functions read them, count anything between the dates. */
async function anythingBetween(from: number, to: number): Promise<boolean> {
  const counters = new CounterReader(new GalleryReads(documentClient, table()));
  return (await counters.total([allOf('photo'), allOf('comment')], { from: Math.max(0, from), to })) > 0;
}

/** `years`: the first and last year the range may lie in (UTC); each test file takes years of its own. */
type RangeOptions = { readonly years: readonly [number, number] };

/** The start (midnight UTC) of `span` seconds nothing stored or claimed in this process comes within 31 days of. */
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

type Mutable<T> = { -readonly [K in keyof T]: T[K] extends object ? Mutable<T[K]> : T[K] };
export type TestPhoto = Mutable<PhotoRecord>;
export type TestComment = Mutable<CommentRecord>;

/** Photos and comments made for one test; save() writes them, remove() deletes them. */
export class GalleryData {
  readonly photos: TestPhoto[] = [];
  readonly comments: TestComment[] = [];

  photo(submit_date: number, fields: Partial<TestPhoto> = {}): TestPhoto {
    const photo: TestPhoto = { ...photoRecord(fields.id ?? uniqueId(), submit_date), ...fields };
    this.photos.push(photo);
    return photo;
  }

  /** A top-level comment of `photo`; its photo's comment count follows. */
  comment(photo: TestPhoto, date: number, fields: Partial<TestComment> = {}): TestComment {
    return this.addComment(photo, undefined, date, fields);
  }

  /** A reply to `parent` (one level deeper, in its thread); counts follow. */
  reply(parent: TestComment, date: number, fields: Partial<TestComment> = {}): TestComment {
    const photo = this.photos.find((p) => p.id === parent.story);
    return this.addComment(photo, parent, date, fields);
  }

  private addComment(photo: TestPhoto | undefined, parent: TestComment | undefined, date: number, fields: Partial<TestComment>) {
    const id = fields.id ?? uniqueId();
    const [story, replyto, level, root] = parent ? [parent.story, parent.id, parent.level + 1, parent.root] : [photo!.id, null, 0, id];
    const comment: TestComment = { ...commentRecord(id, story, date, replyto, level, root), ...fields };
    if (parent) parent.replies += 1;
    if (photo) photo.comments += 1;
    this.comments.push(comment);
    return comment;
  }

  async save(): Promise<this> {
    await importRecords(documentClient, table(), this);
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

/** The ids of records, in their order. */
export const ids = (items: readonly { id: number }[]): number[] => items.map((item) => item.id);

/** In a random order (by random keys), so that no test depends on the order data was written or listed in. */
export const shuffled = <T>(items: readonly T[]): T[] =>
  items
    .map((item) => [randomInt(2 ** 47), item] as const)
    .sort(([a], [b]) => a - b)
    .map(([, item]) => item);
