/**
 * What the eight gallery functions share: the gallery service over the table GALLERY_TABLE, made
 * when a function's container starts (a missing setting fails it at once), their arguments,
 * their path ids, and the Sunset header.
 */
import { nowSeconds } from '../iso-time';
import { type Env, requiredSetting } from '../config';
import { documentClient } from '../db/client';
import { endpoint, type LambdaHandler } from '../http/endpoint';
import { choiceArgument, integerArgument, parseId, parseIdList } from '../http/arguments';
import { EventsShape, type EventsValue, GalleryShape, type GalleryValue } from '../resources/gallery';
import { type ResourceShape, resource } from '../resources/shape';
import { DynamoGalleryStore } from './dynamodb';
import { MAX_DATE, SORTS } from './layout';
import { GalleryService, type ListingArgs } from './service';

/** A page's size when `count` is not given. */
const DEFAULT_COUNT = 10;

/** The query arguments of every gallery endpoint (docs/api.md, The gallery's arguments). */
export const GALLERY_ARGUMENTS = {
  min_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  max_submit_date: integerArgument({ min: 0, max: MAX_DATE }),
  sort: choiceArgument(SORTS, 'submit_date-desc', 1017),
  count: integerArgument({ min: 1, max: 100, fallback: DEFAULT_COUNT }),
  offset: integerArgument({ min: 0, fallback: 0 }),
};

/** The gallery's reads over GALLERY_TABLE. */
const galleryService = (env: Env = process.env) =>
  new GalleryService(new DynamoGalleryStore(documentClient, requiredSetting(env, 'GALLERY_TABLE')));

/** The path's ids, read as the route names them. */
export interface PathIds {
  /** `{id}`: one photo. */
  id(): number;
  /** `{list}`: comma-separated photo ids, at most 100 distinct (1007 past that). */
  list(): number[];
  /** `{comment_id}`: one comment. */
  commentId(): number;
}

const pathIds = (path: (name: string) => string): PathIds => ({
  id: () => parseId(path('id'), 'id'),
  list: () => parseIdList(path('list'), 'list', 100),
  commentId: () => parseId(path('comment_id'), 'comment_id'),
});

type Listing<V> = (service: GalleryService, args: ListingArgs, path: PathIds, now: number, signal: AbortSignal) => Promise<V>;

const listingEndpoint =
  <V>(shape: ResourceShape<V>) =>
  (list: Listing<V>): LambdaHandler => {
    const gallery = galleryService();
    return endpoint({ args: GALLERY_ARGUMENTS, group: 'gallery' }, async ({ args, path, signal }) =>
      resource(shape, await list(gallery, args, pathIds(path), nowSeconds(), signal)),
    );
  };

/** An endpoint answering the gallery wrapper (photos). */
export const photoEndpoint = listingEndpoint<GalleryValue>(GalleryShape);
/** An endpoint answering the events wrapper (comments). */
export const commentEndpoint = listingEndpoint<EventsValue>(EventsShape);
