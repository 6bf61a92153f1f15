/**
 * What the eight gallery functions share: their arguments, the gallery service over the table
 * GALLERY_TABLE (checked when the container starts), and the Sunset header.
 */
import { nowSeconds } from '../clock';
import { requiredSetting } from '../config';
import { documentClient } from '../db/client';
import { endpoint, parseId, parseIdList, pathParameter, type LambdaHandler } from '../http';
import type { ApiEvent } from '../http/context';
import { EventsShape, GalleryShape, resource, type EventsValue, type GalleryValue, type ResourceShape } from '../resources';
import { GALLERY_ARGUMENTS } from './arguments';
import { DynamoGalleryStore } from './dynamodb';
import { GalleryService, type ListingArgs } from './service';

const gallery = new GalleryService(new DynamoGalleryStore(documentClient, requiredSetting(process.env, 'GALLERY_TABLE')));

/** The path's ids, read as the route names them. */
export interface PathIds {
  /** `{id}`: one photo. */
  id(): number;
  /** `{list}`: comma-separated photo ids, at most 100 distinct (1007 past that). */
  list(): number[];
  /** `{comment_id}`: one comment. */
  commentId(): number;
}

const pathIds = (event: ApiEvent): PathIds => ({
  id: () => parseId(pathParameter(event, 'id'), 'id'),
  list: () => parseIdList(pathParameter(event, 'list'), 'list', 100),
  commentId: () => parseId(pathParameter(event, 'comment_id'), 'comment_id'),
});

type Listing<V> = (service: GalleryService, args: ListingArgs, path: PathIds, now: number, signal: AbortSignal) => Promise<V>;

const listingEndpoint =
  <V>(shape: ResourceShape<V>) =>
  (list: Listing<V>): LambdaHandler =>
    endpoint({ args: GALLERY_ARGUMENTS, sunset: true }, async (args, event, _context, signal) =>
      resource(shape, await list(gallery, args, pathIds(event), nowSeconds(), signal)),
    );

/** An endpoint answering the gallery wrapper (photos). */
export const photoEndpoint = listingEndpoint<GalleryValue>(GalleryShape);
/** An endpoint answering the events wrapper (comments). */
export const commentEndpoint = listingEndpoint<EventsValue>(EventsShape);
