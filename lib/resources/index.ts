/**
 * Every resource of the API, declared once: field order, wire types, XML placement, PHP class.
 *
 * Each `defineResource(` call is marked pure: it runs at module scope, and without the mark esbuild
 * must keep every shape (and what it reaches) in every bundle; with it, a function keeps only the
 * shapes it renders (ErrorsFunction 81,608 → 78,837 bytes, docs/performance.md).
 */
import { defineResource } from './shape';

export * from './shape';

export interface ErrorValue {
  readonly code: number;
  readonly message: string;
}

export const ErrorShape = /* @__PURE__ */ defineResource<ErrorValue>({
  element: 'error',
  phpClass: 'Error',
  fields: [
    { name: 'code', kind: 'int', xml: 'attribute' },
    { name: 'message', kind: 'string', xml: 'attribute' },
  ],
});

/** The Javascript type's error object also tells the status the other types would answer with. */
export const ScriptErrorShape = /* @__PURE__ */ defineResource<ErrorValue & { readonly status: number }>({
  element: ErrorShape.element,
  phpClass: ErrorShape.phpClass,
  fields: [...ErrorShape.fields, { name: 'status', kind: 'int', xml: 'attribute' }],
});

export interface ErrorListValue {
  readonly timestamp: number;
  readonly errors: readonly ErrorValue[];
}

export const ErrorListShape = /* @__PURE__ */ defineResource<ErrorListValue>({
  element: 'errors',
  phpClass: 'Errors',
  fields: [
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'errors', kind: 'list', of: ErrorShape },
  ],
});

export interface TopicValue {
  readonly name: string;
  readonly short_name: string;
}

export const TopicShape = /* @__PURE__ */ defineResource<TopicValue>({
  element: 'topic',
  phpClass: 'Topic',
  fields: [
    { name: 'name', kind: 'string', xml: 'attribute' },
    { name: 'short_name', kind: 'string', xml: 'attribute' },
  ],
});

export interface ContainerValue {
  readonly name: string;
  readonly short_name: string;
  readonly topics: readonly TopicValue[];
}

export const ContainerShape = /* @__PURE__ */ defineResource<ContainerValue>({
  element: 'container',
  phpClass: 'Container',
  fields: [
    { name: 'name', kind: 'string', xml: 'attribute' },
    { name: 'short_name', kind: 'string', xml: 'attribute' },
    { name: 'topics', kind: 'list', of: TopicShape },
  ],
});

export interface ContainerListValue {
  readonly timestamp: number;
  readonly containers: readonly ContainerValue[];
}

export const ContainerListShape = /* @__PURE__ */ defineResource<ContainerListValue>({
  element: 'containers',
  phpClass: 'Containers',
  fields: [
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'containers', kind: 'list', of: ContainerShape },
  ],
});

export interface UserValue {
  readonly name: string;
  readonly icon: string;
  readonly registered: number;
  readonly profileviews: number;
}

export const UserShape = /* @__PURE__ */ defineResource<UserValue>({
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

export const GalleryPhotoShape = /* @__PURE__ */ defineResource<GalleryPhotoValue>({
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

export interface GalleryValue {
  readonly timestamp: number;
  readonly min_date: number;
  readonly max_date?: number;
  readonly total: number;
  readonly offset: number;
  readonly count: number;
  readonly photos: readonly GalleryPhotoValue[];
}

export const GalleryShape = /* @__PURE__ */ defineResource<GalleryValue>({
  element: 'gallery',
  phpClass: 'Gallery',
  fields: [
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'min_date', kind: 'int', xml: 'attribute' },
    { name: 'max_date', kind: 'int', xml: 'attribute', optional: true },
    { name: 'total', kind: 'intString', xml: 'attribute' },
    { name: 'offset', kind: 'int', xml: 'attribute' },
    { name: 'count', kind: 'int', xml: 'attribute' },
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

export const CommentShape = /* @__PURE__ */ defineResource<CommentValue>({
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

export interface EventsValue {
  readonly timestamp: number;
  readonly min_date: number;
  readonly total: number;
  readonly offset: number;
  readonly count: number;
  readonly comments: readonly CommentValue[];
}

export const EventsShape = /* @__PURE__ */ defineResource<EventsValue>({
  element: 'events',
  phpClass: 'Events',
  fields: [
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'min_date', kind: 'int', xml: 'attribute' },
    { name: 'total', kind: 'intString', xml: 'attribute' },
    { name: 'offset', kind: 'int', xml: 'attribute' },
    { name: 'count', kind: 'int', xml: 'attribute' },
    { name: 'comments', kind: 'list', of: CommentShape },
  ],
});

export interface ShortUrlValue {
  readonly link: string;
  readonly short_url: string;
  readonly itemid: number;
  readonly view_count: number;
}

export const ShortUrlShape = /* @__PURE__ */ defineResource<ShortUrlValue>({
  element: 'shorturl',
  phpClass: 'ShortURL',
  fields: [
    { name: 'link', kind: 'string', xml: 'attribute' },
    { name: 'short_url', kind: 'string', xml: 'attribute' },
    { name: 'itemid', kind: 'int', xml: 'attribute' },
    { name: 'view_count', kind: 'int', xml: 'attribute' },
  ],
});

export interface ShortUrlListValue {
  readonly shorturls: readonly ShortUrlValue[];
  readonly timestamp: number;
  readonly total: number;
  readonly count: number;
  readonly offset: number;
}

export const ShortUrlListShape = /* @__PURE__ */ defineResource<ShortUrlListValue>({
  element: 'shorturls',
  phpClass: 'ShortURLs',
  fields: [
    { name: 'shorturls', kind: 'list', of: ShortUrlShape },
    { name: 'timestamp', kind: 'int', xml: 'attribute' },
    { name: 'total', kind: 'int', xml: 'attribute' },
    { name: 'count', kind: 'int', xml: 'attribute' },
    { name: 'offset', kind: 'int', xml: 'attribute' },
  ],
});
