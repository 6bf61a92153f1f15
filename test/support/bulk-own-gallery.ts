/** A gallery table of the file's own: an anchor and what the running test stored, put and taken away in batches; remove() by the writer. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { deleteItems, galleryItems } from '../../infra/ops/gallery/bulk';
import type { CommentRecord, PhotoRecord } from '../../lib/gallery/store';
import { GalleryData } from './gallery-fixtures';
import { bulkWrite, ownTables } from './own-table';

/** docs/api.md, Bodies: the earliest date in the gallery (`min_date`), 0 when there is none. */
export const earliestOf = (dates: readonly number[]): number => (dates.length === 0 ? 0 : Math.min(...dates));
type Records = { photos: PhotoRecord[]; comments: CommentRecord[] };

/** The records with their counts derived from one another, as the importer derives them. */
function whole(data: readonly GalleryData[]): Records {
  const comments = data.flatMap((d) => d.comments);
  const count = (id: number, of: 'story' | 'replyto') => comments.filter((c) => c[of] === id).length;
  return {
    photos: data.flatMap((d) => d.photos).map((photo) => ({ ...photo, comments: count(photo.id, 'story') })),
    comments: comments.map((comment) => ({ ...comment, replies: count(comment.id, 'replyto') })),
  };
}

export function bulkGalleryPerTest(prefix: string, anchor: (data: GalleryData) => void) {
  const tables = ownTables('GalleryTable');
  const anchored = new GalleryData();
  anchor(anchored);
  let documents: DynamoDBDocumentClient;
  let table = '';
  let stored: GalleryData[] = [];
  let removed: GalleryData[] = [];
  // After a removal through the writer, the table's counters are its: the next write puts every item.
  let written: Records | undefined;
  const writeAll = async () => {
    const records = whole([anchored, ...stored]);
    await bulkWrite(documents, table, records, written);
    written = records;
  };
  beforeAll(async () => {
    ({ documents, table } = await tables.create(prefix));
    process.env.GALLERY_TABLE = table;
    await writeAll();
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    // Every key the test's records had, those the writer removed too (it may leave empty counters).
    const before = galleryItems(whole([anchored, ...stored, ...removed]));
    [stored, removed] = [[], []];
    const kept = new Set(galleryItems(whole([anchored])).map((item) => item.pk));
    const gone = before.filter((item) => !kept.has(item.pk)).map(({ pk }) => ({ pk }));
    await deleteItems(documents, table, gone, 6);
    await writeAll();
  });
  return {
    tables,
    save: async (build: (data: GalleryData) => void): Promise<GalleryData> => {
      const data = new GalleryData();
      build(data);
      stored.push(data);
      await writeAll();
      return data;
    },
    /** Removes what `data` stored through the writer, before the test ends. */
    remove: async (data: GalleryData): Promise<void> => {
      await data.remove();
      stored = stored.filter((other) => other !== data);
      removed.push(data);
      written = undefined;
    },
    /** What the running test stored and did not remove: beside the anchor, all the table holds. */
    stored: () => ({ photos: stored.flatMap((data) => data.photos), comments: stored.flatMap((data) => data.comments) }),
  };
}
