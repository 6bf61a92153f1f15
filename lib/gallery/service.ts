/**
 * The eight gallery listings (docs/api.md: Endpoints, The gallery's arguments) over a GalleryStore:
 * the date window, the four sorts, count and offset, and the wrappers. Listings of the whole
 * gallery, of a photo's comments and of a comment's replies are paged by the store (its cost
 * follows the page); listings by id hold at most 100 records and are ordered here.
 */
import { awaitedLater } from '../db/failures';
import { ApiError } from '../api-error';
import type { CommentValue, EventsValue, GalleryValue } from '../resources/gallery';
import { allOf, MAX_DATE, repliesTo, thread, topLevel, type Series } from './layout';
import { ORDERS, type Sort } from './layout';
import { dateWindow, inWindow, type DateWindow } from './partitions';
import type { Ranked } from './records';
import type { CommentRecord, GalleryStore, Kind, PageIds, PhotoRecord, Range } from './store';

/** The arguments every gallery endpoint takes (lib/gallery/wiring.ts). */
export interface ListingArgs {
  readonly min_submit_date: number | undefined;
  readonly max_submit_date: number | undefined;
  readonly sort: Sort;
  readonly count: number;
  readonly offset: number;
}

interface Page<T> {
  readonly total: number;
  readonly items: readonly T[];
}

const photoRank = (photo: PhotoRecord): Ranked => ({ id: photo.id, date: photo.submit_date, rank: photo.digg_count });
const commentRank = (comment: CommentRecord): Ranked => ({ id: comment.id, date: comment.date, rank: comment.up });

/** Orders records in hand (at most 100), keeps those in the window, and cuts the page. */
function pageOf<T>(records: readonly T[], rank: (record: T) => Ranked, window: DateWindow, args: ListingArgs): Page<T> {
  const order = ORDERS[args.sort];
  const ranked = records.map((record) => ({ record, key: rank(record) })).filter(({ key }) => inWindow(key.date, window));
  ranked.sort((a, b) => order(a.key, b.key));
  return { total: ranked.length, items: ranked.slice(args.offset, args.offset + args.count).map(({ record }) => record) };
}

const notFound = () => new ApiError(404);

const rangeOf = (window: DateWindow): Range => ({ from: window.min ?? 0, to: window.max ?? MAX_DATE });

export class GalleryService {
  constructor(private readonly store: GalleryStore) {}

  /**
   * A page of series within a window, its records read by id in the page's order; with `known`
   * (what must hold for the page to be answered), nothing is read past the counters unless it holds.
   */
  private async seriesPage<T>(
    series: readonly Series[],
    window: DateWindow,
    args: ListingArgs,
    fetch: (ids: readonly number[]) => Promise<Map<number, T>>,
    signal?: AbortSignal,
    known?: Promise<unknown>,
  ): Promise<Page<T>> {
    // Records asked for as soon as the ids are known may go with the counters' read.
    let records: Promise<Map<number, T>> | undefined;
    const { total, ids }: PageIds = await this.store.page(
      { series, range: rangeOf(window), sort: args.sort, offset: args.offset, count: args.count },
      signal,
      known,
      (early) => {
        records = awaitedLater(fetch(early));
      },
    );
    return { total, items: ids.length === 0 ? [] : await this.inOrder(ids, (wanted) => records ?? fetch(wanted)) };
  }

  /**
   * The window of listings by id or of one photo's thread (all time, narrowed by the bounds
   * given; checked before any read), and its min_date: the lower bound, or the earliest date
   * there is, whose lookup starts now so that it runs beside the listing's own reads.
   */
  private unlimitedWindow(
    kind: Kind,
    args: ListingArgs,
    now: number,
    signal?: AbortSignal,
  ): { window: DateWindow; minDate: Promise<number> } {
    const window = dateWindow({ min: args.min_submit_date, max: args.max_submit_date }, true, now);
    if (window.min !== undefined) return { window, minDate: Promise.resolve(window.min) };
    return { window, minDate: awaitedLater(this.store.earliestDate(kind, signal).then((earliest) => earliest ?? 0)) };
  }

  private limitedWindow(args: ListingArgs, now: number): Required<DateWindow> {
    return dateWindow({ min: args.min_submit_date, max: args.max_submit_date }, false, now);
  }

  private wrapper(page: Page<unknown>, args: ListingArgs, now: number, minDate: number) {
    return { timestamp: now, min_date: minDate, total: page.total, offset: args.offset, count: page.items.length };
  }

  private gallery(page: Page<PhotoRecord>, args: ListingArgs, now: number, minDate: number): GalleryValue {
    // max_date only when a maximum was asked for (docs/api.md, Bodies); GalleryShape places it.
    const max_date = args.max_submit_date === undefined ? {} : { max_date: args.max_submit_date };
    return { ...this.wrapper(page, args, now, minDate), ...max_date, photos: page.items };
  }

  private events(page: Page<CommentValue>, args: ListingArgs, now: number, minDate: number): EventsValue {
    return { ...this.wrapper(page, args, now, minDate), comments: page.items };
  }

  private async inOrder<T>(ids: readonly number[], fetch: (ids: readonly number[]) => Promise<Map<number, T>>): Promise<T[]> {
    const found = await fetch(ids);
    return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  }

  /** GET /galleryphotos: the photos of the window. */
  async photos(args: ListingArgs, now: number, signal?: AbortSignal): Promise<GalleryValue> {
    const window = this.limitedWindow(args, now);
    const page = await this.seriesPage([allOf('photo')], window, args, (ids) => this.store.photosByIds(ids, signal), signal);
    return this.gallery(page, args, now, window.min);
  }

  /** GET /galleryphotos/{list}: the photos with these ids; unknown ids are left out. */
  async photosByIds(ids: readonly number[], args: ListingArgs, now: number, signal?: AbortSignal): Promise<GalleryValue> {
    const { window, minDate } = this.unlimitedWindow('photo', args, now, signal);
    const found = [...(await this.store.photosByIds(ids, signal)).values()];
    return this.gallery(pageOf(found, photoRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphoto/{id}: the gallery wrapper holding one photo; 404 when there is none. */
  async photo(id: number, args: ListingArgs, now: number, signal?: AbortSignal): Promise<GalleryValue> {
    const { window, minDate } = this.unlimitedWindow('photo', args, now, signal);
    const photo = (await this.store.photosByIds([id], signal)).get(id);
    if (photo === undefined) throw notFound();
    return this.gallery(pageOf([photo], photoRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphotos/comments: the comments (every level) of the window. */
  async comments(args: ListingArgs, now: number, signal?: AbortSignal): Promise<EventsValue> {
    const window = this.limitedWindow(args, now);
    const page = await this.seriesPage([allOf('comment')], window, args, (ids) => this.store.commentsByIds(ids, signal), signal);
    return this.events(page, args, now, window.min);
  }

  /** GET /galleryphotos/{list}/comments: every comment of these photos; 404 if any is unknown. */
  async commentsOfPhotos(ids: readonly number[], args: ListingArgs, now: number, signal?: AbortSignal): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now, signal);
    // The threads' counters go with the photos in one read rather than after them: a thread
    // without comments costs its absent counter items, one round trip less for every list.
    const known = awaitedLater(
      this.store.photosByIds(ids, signal).then((photos) => {
        if (ids.some((id) => !photos.has(id))) throw notFound();
      }),
    );
    const page = await this.seriesPage(ids.map(thread), window, args, (wanted) => this.store.commentsByIds(wanted, signal), signal, known);
    return this.events(page, args, now, await minDate);
  }

  /** GET /galleryphoto/{id}/comments: the top-level comments of one photo; 404 if it is unknown. */
  async topLevelComments(photoId: number, args: ListingArgs, now: number, signal?: AbortSignal): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now, signal);
    const known = awaitedLater(
      this.store.photosByIds([photoId], signal).then((photos) => {
        if (!photos.has(photoId)) throw notFound();
      }),
    );
    const page = await this.seriesPage([topLevel(photoId)], window, args, (ids) => this.store.commentsByIds(ids, signal), signal, known);
    return this.events(page, args, now, await minDate);
  }

  /** The comment, when the photo exists and the comment is one of its comments; else 404. */
  private async commentOf(photoId: number, commentId: number, signal?: AbortSignal): Promise<CommentRecord> {
    const [photos, comments] = await Promise.all([
      this.store.photosByIds([photoId], signal),
      this.store.commentsByIds([commentId], signal),
    ]);
    const comment = comments.get(commentId);
    if (!photos.has(photoId) || comment === undefined || comment.story !== photoId) throw notFound();
    return comment;
  }

  /** GET /galleryphoto/{id}/comment/{id}: the events wrapper holding one comment. */
  async comment(photoId: number, commentId: number, args: ListingArgs, now: number, signal?: AbortSignal): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now, signal);
    const comment = await this.commentOf(photoId, commentId, signal);
    return this.events(pageOf([comment], commentRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphoto/{id}/comment/{id}/replies: one level of replies to a comment. */
  async replies(photoId: number, commentId: number, args: ListingArgs, now: number, signal?: AbortSignal): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now, signal);
    const known = awaitedLater(this.commentOf(photoId, commentId, signal));
    const page = await this.seriesPage([repliesTo(commentId)], window, args, (ids) => this.store.commentsByIds(ids, signal), signal, known);
    return this.events(page, args, now, await minDate);
  }
}
