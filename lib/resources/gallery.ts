/** The gallery's resources: its photos in the gallery wrapper, its comments in the events wrapper. */
import { defineResource, type Field } from './shape';

export interface UserValue {
  readonly name: string;
  readonly icon: string;
  readonly registered: number;
  readonly profileviews: number;
}

const UserShape = /* @__PURE__ */ defineResource<UserValue>({
  element: 'user',
  phpClass: 'User',
  fields: [
    { name: 'name', kind: 'string', xml: 'attribute' },
    { name: 'icon', kind: 'string', xml: 'attribute' },
    { name: 'registered', kind: 'int', xml: 'attribute' },
    { name: 'profileviews', kind: 'int', xml: 'attribute' },
  ],
});

export interface GalleryPhotoValue {
  readonly id: number;
  readonly submit_date: number;
  readonly comments: number;
  readonly title: string;
  readonly user: UserValue;
  readonly src: string;
  readonly href: string;
}

const GalleryPhotoShape = /* @__PURE__ */ defineResource<GalleryPhotoValue>({
  element: 'galleryphoto',
  phpClass: 'GalleryPhoto',
  fields: [
    { name: 'id', kind: 'int', xml: 'attribute' },
    { name: 'submit_date', kind: 'int', xml: 'attribute' },
    { name: 'comments', kind: 'int', xml: 'attribute' },
    { name: 'title', kind: 'string', xml: 'element' },
    { name: 'user', kind: 'object', of: UserShape },
    { name: 'src', kind: 'string', xml: 'attribute' },
    { name: 'href', kind: 'string', xml: 'attribute' },
  ],
});

/** What a listing says of itself around its page: when, from which date, and which part of how many. */
interface ListingValue {
  readonly timestamp: number;
  readonly min_date: number;
  readonly total: number;
  readonly offset: number;
  readonly count: number;
}
const LISTING_DATES: readonly Field[] = [
  { name: 'timestamp', kind: 'int', xml: 'attribute' },
  { name: 'min_date', kind: 'int', xml: 'attribute' },
];
const LISTING_PAGE: readonly Field[] = [
  { name: 'total', kind: 'intString', xml: 'attribute' },
  { name: 'offset', kind: 'int', xml: 'attribute' },
  { name: 'count', kind: 'int', xml: 'attribute' },
];

export interface GalleryValue extends ListingValue {
  readonly max_date?: number;
  readonly photos: readonly GalleryPhotoValue[];
}

export const GalleryShape = /* @__PURE__ */ defineResource<GalleryValue>({
  element: 'gallery',
  phpClass: 'Gallery',
  fields: [
    ...LISTING_DATES,
    { name: 'max_date', kind: 'int', xml: 'attribute', optional: true },
    ...LISTING_PAGE,
    { name: 'photos', kind: 'list', of: GalleryPhotoShape },
  ],
});

export interface CommentValue {
  readonly date: number;
  readonly id: number;
  readonly story: number;
  readonly up: number;
  readonly down: number;
  readonly replies: number;
  readonly replyto: number | null;
  readonly user: string;
  readonly content: string;
  readonly level: number;
  readonly root: number;
}

const CommentShape = /* @__PURE__ */ defineResource<CommentValue>({
  element: 'comment',
  phpClass: 'Comment',
  fields: [
    { name: 'date', kind: 'int', xml: 'attribute' },
    { name: 'id', kind: 'int', xml: 'attribute' },
    { name: 'story', kind: 'int', xml: 'attribute' },
    { name: 'up', kind: 'int', xml: 'attribute' },
    { name: 'down', kind: 'int', xml: 'attribute' },
    { name: 'replies', kind: 'int', xml: 'attribute' },
    { name: 'replyto', kind: 'nullableInt', xml: 'attribute' },
    { name: 'user', kind: 'string', xml: 'attribute' },
    { name: 'content', kind: 'string', xml: 'text' },
    { name: 'level', kind: 'int', xml: 'attribute' },
    { name: 'root', kind: 'int', xml: 'attribute' },
  ],
});

export interface EventsValue extends ListingValue {
  readonly comments: readonly CommentValue[];
}

export const EventsShape = /* @__PURE__ */ defineResource<EventsValue>({
  element: 'events',
  phpClass: 'Events',
  fields: [...LISTING_DATES, ...LISTING_PAGE, { name: 'comments', kind: 'list', of: CommentShape }],
});
