/**
 * A gallery table of a test file's own, with an anchor stored before its tests: the table then
 * holds only the anchor and what the running test stored, so that the gallery's earliest date
 * (docs/api.md, Bodies: `min_date`) is computed from the fixtures, not read back from the table.
 */
import { type GalleryData, galleryDataPerTest } from './gallery-fixtures';
import { ownTables } from './own-table';

/** docs/api.md, Bodies: the earliest date in the gallery, 0 when there is none. */
export const earliestOf = (dates: readonly number[]): number => (dates.length === 0 ? 0 : Math.min(...dates));

export function ownGalleryPerTest(prefix: string, anchor: (data: GalleryData) => void) {
  beforeAll(async () => {
    process.env.GALLERY_TABLE = (await tables.create(prefix)).table;
  });
  const saveData = galleryDataPerTest(anchor);
  // Declared after the anchor's hooks: jest runs afterAll hooks in order, so the table goes last.
  const tables = ownTables('GalleryTable');
  let stored: GalleryData[] = [];
  afterEach(() => {
    stored = [];
  });
  return {
    tables,
    save: async (build: (data: GalleryData) => void): Promise<GalleryData> => {
      const data = await saveData(build);
      stored.push(data);
      return data;
    },
    /** Removes what `data` stored before the test ends. */
    remove: async (data: GalleryData): Promise<void> => {
      await data.remove();
      stored = stored.filter((other) => other !== data);
    },
    /** What the running test stored and did not remove: beside the anchor, all the table holds. */
    stored: () => ({ photos: stored.flatMap((data) => data.photos), comments: stored.flatMap((data) => data.comments) }),
  };
}
