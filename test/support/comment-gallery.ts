/**
 * What the gallery comment tests share (test/integration/gallery-comment-*.test.ts, gallery-comments-of-photos.test.ts): each
 * file a table of its own holding an anchor photo and comment beside what its running test saved (./bulk-own-gallery.ts),
 * ranges of the comment tests' years in it, the earliest comment date `min_date` then answers, and comments as every type shows them.
 */
import { bulkGalleryPerTest, earliestOf } from './bulk-own-gallery';
import { commentView } from './gallery-decode';
import { ANCHOR_DATE, claimRange, DAY, type GalleryData, type TestComment, type TestPhoto } from './gallery-fixtures';
import { sortRecords } from './gallery-order';

/** All-time data of the comment tests lies in 1986–1989 and after 2200: after the anchor, outside every claimed range. */
export const Y1986 = 504_921_600;
export const Y2200 = 7_258_118_400;

export function commentGallery(prefix: string) {
  const gallery = bulkGalleryPerTest(prefix, (data) => {
    data.comment(data.photo(ANCHOR_DATE, { title: 'anchor' }), ANCHOR_DATE, { content: 'anchor' });
  });
  /** Saves what `build` makes; answers what it returned. */
  async function made<T>(build: (g: GalleryData) => T): Promise<T> {
    let result: T | undefined;
    await gallery.save((g) => {
      result = build(g);
    });
    return result!;
  }
  return {
    gallery,
    made,
    /** 1997–2002: the photo tests have other years; claimRange keeps a file's ranges apart in its table. */
    claim: (span: number) => claimRange(span, { years: [1997, 2002] }),
    /** Without a lower bound, `min_date` is the earliest comment's `date` in the gallery (the table of the file's own). */
    earliestComment: (): number => earliestOf([ANCHOR_DATE, ...gallery.stored().comments.map((comment) => comment.date)]),
  };
}

export const views = (comments: readonly TestComment[]) => comments.map(commentView);
export const desc = (comments: readonly TestComment[]) => views(sortRecords(comments, 'submit_date-desc'));

/** A photo dated far from every comment window (after 2200), so only comment dates can decide. */
export const farPhoto = (g: GalleryData, fields: Partial<TestPhoto> = {}): TestPhoto =>
  g.photo(Y2200 + 1 + Math.floor(Math.random() * 1000) * DAY, fields);
