/**
 * What the gallery photo tests share (test/integration/gallery-photo-*.test.ts, gallery-all-endpoints.test.ts): each file a
 * table of its own holding an anchor photo beside what its running test saved (./bulk-own-gallery.ts), ranges of the photo
 * tests' years in it, the earliest date `min_date` then answers, and photos as every type shows them.
 */
import { bulkGalleryPerTest, earliestOf } from './bulk-own-gallery';
import { photoView } from './gallery-decode';
import { ANCHOR_DATE, claimRange, type TestPhoto } from './gallery-fixtures';

export function photoGallery(prefix: string) {
  const gallery = bulkGalleryPerTest(prefix, (data) => {
    data.photo(ANCHOR_DATE, { title: 'anchor' });
  });
  return {
    gallery,
    save: gallery.save,
    /** 1990–1996: the comment tests have other years; claimRange keeps a file's ranges apart in its table. */
    claim: (span: number) => claimRange(span, { years: [1990, 1996] }),
    /** Without a lower bound, `min_date` is the earliest photo's `submit_date` in the gallery (the table of the file's own). */
    earliestInGallery: (): number => earliestOf([ANCHOR_DATE, ...gallery.stored().photos.map((photo) => photo.submit_date)]),
  };
}

export const views = (photos: readonly TestPhoto[]) => photos.map(photoView);
