/** The scale gallery, through the importer: the generator's 3 000 photos, grown to the photos asked for in the window, and one huge thread. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { allOf, DAY } from '../../../lib/gallery/layout';
import { Listing } from '../../../lib/gallery/listing';
import { dateWindow } from '../../../lib/gallery/partitions';
import { GalleryReads } from '../../../lib/gallery/reads';
import { generateGallery } from '../../local/sample/generator';
import { Random } from '../../local/sample/random';
import { importLines, summaryLine } from '../../ops/gallery/importer';
import { streamProgress } from '../../ops/gallery/progress';
import { type CommentLine, type ImportRecord, lineOf, type PhotoLine } from '../../ops/gallery/records';

/** What the run's requests name: a photo with the big thread, a comment of it with replies, ten photos. */
export interface Named {
  readonly photo: number;
  readonly comment: number;
  readonly list: readonly number[];
  readonly threadSize: number;
}

export interface GalleryState {
  readonly photosInWindow: number;
  readonly named: Named;
}

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

/** `size` comments on a photo ten days old, one a minute: a third top-level, the rest replies, mostly to recent ones, so that some chains run deep. */
function bigThread(now: number, size: number): { photo: PhotoLine; comments: CommentLine[] } {
  const random = new Random(11);
  const start = now - 10 * DAY;
  const user = { name: 'scale', icon: 'https://avatars.example.org/scale.png', registered: start - 100 * DAY, profileviews: 1 };
  const title = 'A photo everyone talked about';
  const [src, href] = ['https://photos.example.org/thumbs/scale.jpg', 'https://gallery.example.org/photo/scale'];
  const photo: PhotoLine = { type: 'photo', id: 9_000_000_000, submit_date: start, title, user, src, href, digg_count: 5_000 };
  const comments: CommentLine[] = [];
  for (let n = 0; n < size; n++) {
    const replyto = n > 0 && random.float() < 2 / 3 ? comments[Math.max(0, n - 1 - random.int(Math.min(n, 50)))]!.id : null;
    const [up, down, talker] = [random.int(40), random.int(5), `talker${random.int(500)}`];
    const [id, date, content] = [90_000_000_000 + n, start + 60 * (n + 1), `Comment ${n}`];
    comments.push({ type: 'comment', id, photo: photo.id, replyto, date, user: talker, content, up, down });
  }
  return { photo, comments };
}

export async function loadGallery(documents: DynamoDBDocumentClient, table: string, now: number, photos: number, threadSize: number) {
  await load(generateGallery({ now, ...SCALE_GALLERY }), documents, table, 'The sample gallery');
  const more = Math.max(0, photos - (await windowPhotos(documents, table, now)));
  const ids = { photoIdBase: 10_000_000_000, commentIdBase: 100_000_000_000 };
  const extra = generateGallery({ now, photos: more, days: 30, seed: 7, ...ids }).filter((r) => r.type === 'photo');
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
