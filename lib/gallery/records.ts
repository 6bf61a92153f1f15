/** What the gallery stores of a photo and a comment, read by the store and the layout alike, and what a listing orders them by. */
import type { CommentValue, GalleryPhotoValue } from '../resources/gallery';

/** A stored photo: what the API shows, and its digg count. */
export interface PhotoRecord extends GalleryPhotoValue {
  readonly digg_count: number;
}

export type CommentRecord = CommentValue;

export type Kind = 'photo' | 'comment';

/** What a listing is ordered by: the date, and the digg count (photos) or up votes (comments). */
export interface Ranked {
  readonly id: number;
  readonly date: number;
  readonly rank: number;
}
