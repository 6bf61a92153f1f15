/**
 * The eight gallery listings (spec 4.4; decisions.md, Gallery) over a GalleryStore: the date
 * window, the four sorts, count and offset, and the wrappers. Listings over the whole gallery
 * read keys from the date index and fetch full items only for the page.
 */
import { ApiError } from '../errors';
import type { CommentValue, EventsValue, GalleryValue } from '../resources';
import { isDateSort, ORDERS, type Ranked, type Sort } from './order';
import type { CommentRecord, GalleryStore, Kind, PhotoRecord } from './store';
import { dateWindow, inWindow, type DateWindow } from './window';

/** The arguments every gallery endpoint takes (lib/gallery/arguments.ts). */
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

/** Orders records in hand, keeps those in the window, and cuts the page. */
function pageOf<T>(records: readonly T[], rank: (record: T) => Ranked, window: DateWindow, args: ListingArgs): Page<T> {
  const order = ORDERS[args.sort];
  const ranked = records.map((record) => ({ record, key: rank(record) })).filter(({ key }) => inWindow(key.date, window));
  ranked.sort((a, b) => order(a.key, b.key));
  return { total: ranked.length, items: ranked.slice(args.offset, args.offset + args.count).map(({ record }) => record) };
}

const notFound = () => new ApiError(404);

export class GalleryService {
  constructor(private readonly store: GalleryStore) {}

  /** A page of the whole gallery's photos or comments within a window of at most 30 days. */
  private async windowPage(kind: Kind, args: ListingArgs, now: number): Promise<{ window: Required<DateWindow>; total: number; ids: number[] }> {
    const window = dateWindow({ min: args.min_submit_date, max: args.max_submit_date }, false, now);
    const end = args.offset + args.count;
    if (isDateSort(args.sort)) {
      const [total, ids] = await Promise.all([
        this.store.countInWindow(kind, window),
        this.store.idsByDate(kind, window, args.sort === 'submit_date-desc', end),
      ]);
      return { window, total, ids: ids.slice(args.offset) };
    }
    const ranked = await this.store.ranksInWindow(kind, window);
    ranked.sort(ORDERS[args.sort]);
    return { window, total: ranked.length, ids: ranked.slice(args.offset, end).map((entry) => entry.id) };
  }

  /**
   * The window of listings by id (all time, narrowed by the bounds given; checked before any
   * read), and its min_date: the lower bound, or the earliest date there is, whose query starts
   * now so that it runs beside the listing's own reads instead of after them.
   */
  private unlimitedWindow(kind: Kind, args: ListingArgs, now: number): { window: DateWindow; minDate: Promise<number> } {
    const window = dateWindow({ min: args.min_submit_date, max: args.max_submit_date }, true, now);
    if (window.min !== undefined) return { window, minDate: Promise.resolve(window.min) };
    const minDate = this.store.earliestDate(kind).then((earliest) => earliest ?? 0);
    // Answered 404 before it is awaited, the request drops it; its failure must not go unhandled.
    minDate.catch(() => undefined);
    return { window, minDate };
  }

  private wrapper(page: Page<unknown>, args: ListingArgs, now: number, minDate: number) {
    return { timestamp: now, min_date: minDate, total: page.total, offset: args.offset, count: page.items.length };
  }

  private gallery(page: Page<PhotoRecord>, args: ListingArgs, now: number, minDate: number): GalleryValue {
    // max_date only when a maximum was asked for (decisions.md, Wrapper); GalleryShape places it.
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
  async photos(args: ListingArgs, now: number): Promise<GalleryValue> {
    const { window, total, ids } = await this.windowPage('photo', args, now);
    const items = await this.inOrder(ids, (wanted) => this.store.photosByIds(wanted));
    return this.gallery({ total, items }, args, now, window.min);
  }

  /** GET /galleryphotos/{list}: the photos with these ids; unknown ids are left out. */
  async photosByIds(ids: readonly number[], args: ListingArgs, now: number): Promise<GalleryValue> {
    const { window, minDate } = this.unlimitedWindow('photo', args, now);
    const found = [...(await this.store.photosByIds(ids)).values()];
    return this.gallery(pageOf(found, photoRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphoto/{id}: the gallery wrapper holding one photo; 404 when there is none. */
  async photo(id: number, args: ListingArgs, now: number): Promise<GalleryValue> {
    const { window, minDate } = this.unlimitedWindow('photo', args, now);
    const photo = (await this.store.photosByIds([id])).get(id);
    if (photo === undefined) throw notFound();
    return this.gallery(pageOf([photo], photoRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphotos/comments: the comments (every level) of the window. */
  async comments(args: ListingArgs, now: number): Promise<EventsValue> {
    const { window, total, ids } = await this.windowPage('comment', args, now);
    const items = await this.inOrder(ids, (wanted) => this.store.commentsByIds(wanted));
    return this.events({ total, items }, args, now, window.min);
  }

  /** GET /galleryphotos/{list}/comments: every comment of these photos; 404 if any is unknown. */
  async commentsOfPhotos(ids: readonly number[], args: ListingArgs, now: number): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now);
    const photos = await this.store.photosByIds(ids);
    if (ids.some((id) => !photos.has(id))) throw notFound();
    const comments = (await Promise.all(ids.map((id) => this.store.commentsOfPhoto(id)))).flat();
    return this.events(pageOf(comments, commentRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphoto/{id}/comments: the top-level comments of one photo; 404 if it is unknown. */
  async topLevelComments(photoId: number, args: ListingArgs, now: number): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now);
    const [photos, comments] = await Promise.all([this.store.photosByIds([photoId]), this.store.commentsOfPhoto(photoId)]);
    if (!photos.has(photoId)) throw notFound();
    const topLevel = comments.filter((comment) => comment.level === 0);
    return this.events(pageOf(topLevel, commentRank, window, args), args, now, await minDate);
  }

  /** The comment, when the photo exists and the comment is one of its comments; else 404. */
  private async commentOf(photoId: number, commentId: number): Promise<CommentRecord> {
    const [photos, comments] = await Promise.all([this.store.photosByIds([photoId]), this.store.commentsByIds([commentId])]);
    const comment = comments.get(commentId);
    if (!photos.has(photoId) || comment === undefined || comment.story !== photoId) throw notFound();
    return comment;
  }

  /** GET /galleryphoto/{id}/comment/{id}: the events wrapper holding one comment. */
  async comment(photoId: number, commentId: number, args: ListingArgs, now: number): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now);
    const comment = await this.commentOf(photoId, commentId);
    return this.events(pageOf([comment], commentRank, window, args), args, now, await minDate);
  }

  /** GET /galleryphoto/{id}/comment/{id}/replies: one level of replies to a comment. */
  async replies(photoId: number, commentId: number, args: ListingArgs, now: number): Promise<EventsValue> {
    const { window, minDate } = this.unlimitedWindow('comment', args, now);
    const [, replies] = await Promise.all([this.commentOf(photoId, commentId), this.store.repliesTo(commentId)]);
    return this.events(pageOf(replies, commentRank, window, args), args, now, await minDate);
  }
}
