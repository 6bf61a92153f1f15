/**
 * The outage test's requests (docs/design-notes.md, Faults and load): six kinds, from creating a new link to reading a
 * gallery photo, each in the four types in turn, on what the file made before any fault; each kept with when it went and came back.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type ResponseType, TYPES } from '../../support/expect-error';
import { targetFor } from '../../support/gallery-answers';
import type { TestPhoto } from '../../support/gallery-fixtures';
import { type Invocation, invoke, invokeShortLink } from '../../support/invoke';
import { codeOf } from '../../support/short-url-host';
import type { ShortUrlValue } from '../../../lib/resources/short-urls';

/** What the file made before any fault: the short URLs asked for again, looked up and visited; the photos read. */
export interface MadeBefore {
  readonly shortenedBefore: ShortUrlValue[];
  readonly photos: TestPhoto[];
}

/** The photos' ten days, from which the file's photos are dated. */
export const WINDOW_START = Date.UTC(2011, 2, 1) / 1000;
const WINDOW_END = WINDOW_START + 10 * 86_400;

export const createTarget = (link: string, type: ResponseType): string =>
  targetFor('/url/short/create', `url=${encodeURIComponent(link)}`, type);

export type Kind = 'create-new' | 'create-again' | 'lookup' | 'visit' | 'gallery-listing' | 'gallery-photo';
export const KINDS: readonly Kind[] = ['create-new', 'create-again', 'lookup', 'visit', 'gallery-listing', 'gallery-photo'];

/** type: none for a visit; link: a short-URL request's; times: performance.now() at the request and its answer. */
export interface Exchange {
  readonly kind: Kind;
  readonly type: ResponseType | undefined;
  readonly link: string | undefined;
  readonly photo: TestPhoto | undefined;
  readonly startedAt: number;
  readonly endedAt: number;
  readonly response: Invocation;
}

export const duration = (exchange: Exchange): number => exchange.endedAt - exchange.startedAt;

/** A client's n-th request of `kind`: the four types in turn, and the short URLs and photos in turn. */
export async function send(made: MadeBefore, kind: Kind, n: number): Promise<Exchange> {
  const type = kind === 'visit' ? undefined : TYPES[n % TYPES.length]!;
  const before = made.shortenedBefore[n % made.shortenedBefore.length]!;
  const photo = made.photos[n % made.photos.length]!;
  const api = (path: string, query = '') => invoke(targetFor(path, query, type!));
  const link = kind === 'create-new' ? `https://outage.test/during/${randomUUID()}` : before.link;
  const startedAt = performance.now();
  const response = await {
    'create-new': () => invoke(createTarget(link, type!)),
    'create-again': () => invoke(createTarget(link, type!)),
    lookup: () => api(`/url/short/${codeOf(before.short_url)}`),
    visit: () => invokeShortLink(`/${codeOf(before.short_url)}`),
    'gallery-listing': () => api('/galleryphotos', `min_submit_date=${WINDOW_START}&max_submit_date=${WINDOW_END}&count=100`),
    'gallery-photo': () => api(`/galleryphoto/${photo.id}`),
  }[kind]();
  const endedAt = performance.now();
  const aboutShortUrl = kind !== 'gallery-listing' && kind !== 'gallery-photo';
  return {
    kind,
    type,
    link: aboutShortUrl ? link : undefined,
    photo: kind === 'gallery-photo' ? photo : undefined,
    startedAt,
    endedAt,
    response,
  };
}

/** At a glance, to pace the clients (checkAnswers checks each in full): the database error always has Retry-After. */
export const looksSuccessful = ({ kind, response }: Exchange): boolean =>
  kind === 'visit' ? response.statusCode === 301 : response.statusCode === 200 && response.headers['retry-after'] === undefined;
