/** What the gallery stores of a photo and a comment: read by the store and the layout alike. */
import type { CommentValue, GalleryPhotoValue } from '../resources/gallery';

/** A stored photo: what the API shows, and its digg count. */
export interface PhotoRecord extends GalleryPhotoValue {
  readonly digg_count: number;
}

export type CommentRecord = CommentValue;

export type Kind = 'photo' | 'comment';
