/**
 * The scale run's gallery: first 3 000 photos by 350 users over 120 days from the sample generator (five times
 * `npm start`'s sample, and what the committed runs began with), then grown to the size the run
 * asks for — photos in the default 30-day window and one thread of thousands of comments — all
 * through the importer, as an operator's import would write them.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allOf, DAY } from '../../../lib/gallery/layout';
import { Listing } from '../../../lib/gallery/listing';
import { GalleryReads } from '../../../lib/gallery/reads';
import { dateWindow } from '../../../lib/gallery/partitions';
import { generateGallery } from '../../local/sample/generator';
import { importLines, summaryLine } from '../../ops/gallery/importer';
import { streamProgress } from '../../ops/gallery/progress';
import { Random } from '../../local/sample/random';
import { lineOf, type CommentLine, type ImportRecord, type PhotoLine } from '../../ops/gallery/records';

/** What the run's requests name: a photo with a thread, a comment of it with replies, and a list of ten photos. */
export interface Named {
  readonly photo: number;
  readonly comment: number;
  readonly list: readonly number[];
  /** The thread's comments, every level. */
  readonly threadSize: number;
}

export interface GalleryState {
  readonly photosInWindow: number;
  readonly named: Named;
}

/** The generator's options for the gallery the run begins with. */
export const SCALE_GALLERY = { photos: 3_000, users: 350, days: 120 } as const;

async function load(records: readonly ImportRecord[], documents: DynamoDBDocumentClient, table: string, what: string): Promise<void> {
  const started = performance.now();
  const summary = await importLines(records.map(lineOf), documents, table, { progress: streamProgress() });
  if (summary.refused.length > 0)
    throw new Error(`the importer refused ${summary.refused.length} lines of ${what}: ${summary.refused[0]!.reason}`);
  console.log(`${what}: ${summaryLine(summary)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

function windowPhotos(documents: DynamoDBDocumentClient, table: string, now: number): Promise<number> {
  const { min, max } = dateWindow({}, false, now);
  return new Listing(new GalleryReads(documents, table)).total([allOf('photo')], { from: min, to: max });
}

/** The gallery the run begins with: how many photos its default window holds. */
export async function loadSampleGallery(documents: DynamoDBDocumentClient, table: string, now: number): Promise<number> {
  await load(generateGallery({ now, ...SCALE_GALLERY }), documents, table, 'The sample gallery');
  return windowPhotos(documents, table, now);
}

/**
 * A thread of `size` comments on a new photo ten days old: a third of them top-level, the rest
 * replies to earlier comments (mostly recent ones, so that some chains run deep), one a minute.
 */
function bigThread(now: number, size: number): { photo: PhotoLine; comments: CommentLine[] } {
  const random = new Random(11);
  const photoId = 9_000_000_000;
  const start = now - 10 * DAY;
  const photo: PhotoLine = {
    type: 'photo',
    id: photoId,
    submit_date: start,
    title: 'A photo everyone talked about',
    user: { name: 'scale', icon: 'https://avatars.example.org/scale.png', registered: start - 100 * DAY, profileviews: 1 },
    src: 'https://photos.example.org/thumbs/scale.jpg',
    href: 'https://gallery.example.org/photo/scale',
    digg_count: 5_000,
  };
  const comments: CommentLine[] = [];
  for (let n = 0; n < size; n++) {
    const reply = n > 0 && random.float() < 2 / 3;
    const parent = reply ? comments[Math.max(0, n - 1 - random.int(Math.min(n, 50)))]!.id : null;
    comments.push({
      type: 'comment',
      id: 90_000_000_000 + n,
      photo: photoId,
      replyto: parent,
      date: start + 60 * (n + 1),
      user: `talker${random.int(500)}`,
      content: `Comment ${n}`,
      up: random.int(40),
      down: random.int(5),
    });
  }
  return { photo, comments };
}

/** Adds photos to the 30 days before `now` until the window holds `photos`, and the big thread. */
export async function growGallery(
  documents: DynamoDBDocumentClient,
  table: string,
  now: number,
  samplePhotos: number,
  photos: number,
  threadSize: number,
): Promise<GalleryState> {
  const more = Math.max(0, photos - samplePhotos);
  const extra = generateGallery({
    now,
    photos: more,
    days: 30,
    seed: 7,
    photoIdBase: 10_000_000_000,
    commentIdBase: 100_000_000_000,
  }).filter((r) => r.type === 'photo');
  await load(extra, documents, table, `${more} more photos in the window`);
  const thread = bigThread(now, threadSize);
  await load([thread.photo, ...thread.comments], documents, table, `A thread of ${threadSize} comments`);
  const repliedTo = new Set(thread.comments.map((c) => c.replyto));
  const comment = thread.comments.find((c) => c.replyto === null && repliedTo.has(c.id))!.id;
  return {
    photosInWindow: await windowPhotos(documents, table, now),
    named: { photo: thread.photo.id, comment, threadSize, list: [thread.photo.id, ...extra.slice(-9).map((p) => p.id)] },
  };
}
