/** What the gallery service needs of its storage; lib/gallery/dynamodb.ts keeps it in DynamoDB. */
import type { CommentValue, GalleryPhotoValue } from '../resources';
import type { Ranked } from './order';
import type { DateWindow } from './window';

/** A stored photo: what the API shows, and its digg count. */
export interface PhotoRecord extends GalleryPhotoValue {
  readonly digg_count: number;
}

export type CommentRecord = CommentValue;

export type Kind = 'photo' | 'comment';

export interface GalleryStore {
  /** How many photos (or comments) are dated within the window. */
  countInWindow(kind: Kind, window: DateWindow): Promise<number>;
  /** The first `limit` ids within the window by date, newest or oldest first (ties on the id). */
  idsByDate(kind: Kind, window: DateWindow, newestFirst: boolean, limit: number): Promise<number[]>;
  /** Every id within the window with its date and rank (digg count or up votes), no full items. */
  ranksInWindow(kind: Kind, window: DateWindow): Promise<Ranked[]>;
  /** The earliest date of any photo (or comment); undefined when there is none. */
  earliestDate(kind: Kind): Promise<number | undefined>;
  photosByIds(ids: readonly number[]): Promise<Map<number, PhotoRecord>>;
  commentsByIds(ids: readonly number[]): Promise<Map<number, CommentRecord>>;
  /** Every comment of a photo, at every level. */
  commentsOfPhoto(photoId: number): Promise<CommentRecord[]>;
  /** The direct replies to a comment. */
  repliesTo(commentId: number): Promise<CommentRecord[]>;
}
