/**
 * The gallery service against a store whose calls are held until the test lets them answer, to
 * show which reads run side by side: a listing by id looks up the earliest date (its min_date)
 * beside its own reads, not after them, and a request answered 404 first leaves that lookup's
 * failure handled; without an earliest date (an empty gallery) min_date is 0.
 */
import { GalleryService, type ListingArgs } from '../../lib/gallery/service';
import type { GalleryStore, PhotoRecord } from '../../lib/gallery/store';

const ARGS: ListingArgs = { min_submit_date: undefined, max_submit_date: undefined, sort: 'submit_date-desc', count: 10, offset: 0 };
const PHOTO = { id: 7, submit_date: 1_300_000_000, digg_count: 1 } as unknown as PhotoRecord;

/** A store whose calls wait in `pending`, by name with their arguments, until the test settles them. */
function heldStore() {
  const pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: Error) => void; args: unknown[] }>();
  const calls: string[] = [];
  const hold =
    (name: string) =>
    (...args: unknown[]) =>
      new Promise<any>((resolve, reject) => {
        calls.push(name);
        pending.set(name, { resolve, reject, args });
      });
  const store = {
    earliestDate: hold('earliestDate'),
    photosByIds: hold('photosByIds'),
    commentsByIds: hold('commentsByIds'),
  } as unknown as GalleryStore;
  return { store, pending, calls };
}

const settle = () => new Promise((tick) => setImmediate(tick));

test('a photo by id reads the photo and the earliest date side by side', async () => {
  const { store, pending } = heldStore();
  const answer = new GalleryService(store).photo(7, ARGS, 2_000_000_000);
  await settle();
  expect([...pending.keys()].sort()).toEqual(['earliestDate', 'photosByIds']);
  pending.get('photosByIds')!.resolve(new Map([[7, PHOTO]]));
  pending.get('earliestDate')!.resolve(1_200_000_000);
  expect(await answer).toMatchObject({ min_date: 1_200_000_000, total: 1, count: 1 });
});

test('with min_submit_date the earliest date is not looked up: it is the lower bound', async () => {
  const { store, pending } = heldStore();
  const answer = new GalleryService(store).photo(7, { ...ARGS, min_submit_date: 1_250_000_000 }, 2_000_000_000);
  await settle();
  expect([...pending.keys()]).toEqual(['photosByIds']);
  pending.get('photosByIds')!.resolve(new Map([[7, PHOTO]]));
  expect(await answer).toMatchObject({ min_date: 1_250_000_000 });
});

test('an unknown photo is 404 at once, and the earliest-date lookup failing afterwards goes unnoticed', async () => {
  const unhandled = jest.fn();
  process.on('unhandledRejection', unhandled);
  try {
    const { store, pending } = heldStore();
    const answer = new GalleryService(store).photo(8, ARGS, 2_000_000_000);
    await settle();
    pending.get('photosByIds')!.resolve(new Map());
    await expect(answer).rejects.toMatchObject({ code: 404 });
    pending.get('earliestDate')!.reject(new Error('the database went away'));
    await settle();
    await settle();
    expect(unhandled).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', unhandled);
  }
});

test("min_date is 0 when there is no earliest date: a gallery list by id, and a comment list (docs/api.md, Bodies: the lists' fields)", async () => {
  const { store, pending } = heldStore();
  const photo = new GalleryService(store).photo(7, ARGS, 2_000_000_000);
  await settle();
  pending.get('photosByIds')!.resolve(new Map([[7, PHOTO]]));
  pending.get('earliestDate')!.resolve(undefined);
  expect(await photo).toMatchObject({ min_date: 0, total: 1, count: 1 });

  const held = heldStore();
  const comment = new GalleryService(held.store).comment(7, 9, ARGS, 2_000_000_000);
  await settle();
  expect(held.calls.sort()).toEqual(['commentsByIds', 'earliestDate', 'photosByIds']);
  expect(held.pending.get('earliestDate')!.args[0]).toBe('comment');
  held.pending.get('photosByIds')!.resolve(new Map([[7, PHOTO]]));
  held.pending.get('commentsByIds')!.resolve(new Map([[9, { id: 9, story: 7, date: 1_300_000_100, up: 0 }]]));
  held.pending.get('earliestDate')!.resolve(undefined);
  expect(await comment).toMatchObject({ min_date: 0, total: 1, count: 1 });
});
