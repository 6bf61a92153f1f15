/**
 * What the scale run asks: every gallery endpoint in every sort, a 10-item page (the default)
 * from the start, and the window listing at an offset past its end; each as the functions'
 * routes in template.yaml name it, with the ids the gallery at hand holds.
 */
import { SORTS, type Sort } from '../../../lib/gallery/arguments';
import type { Named } from './data';

export interface ScaleRequest {
  /** The route, e.g. `/galleryphoto/{id}/comments`. */
  readonly route: string;
  readonly sort: Sort;
  /** What differs from a first page, if anything. */
  readonly variant: string;
  /** Path and query, without the app key and type. */
  readonly target: (named: Named) => string;
}

const ROUTES: ReadonlyArray<readonly [string, (named: Named) => string]> = [
  ['/galleryphotos', () => '/galleryphotos'],
  ['/galleryphotos/{list}', (n) => `/galleryphotos/${n.list.join(',')}`],
  ['/galleryphoto/{id}', (n) => `/galleryphoto/${n.photo}`],
  ['/galleryphotos/comments', () => '/galleryphotos/comments'],
  ['/galleryphotos/{list}/comments', (n) => `/galleryphotos/${n.list.join(',')}/comments`],
  ['/galleryphoto/{id}/comments', (n) => `/galleryphoto/${n.photo}/comments`],
  ['/galleryphoto/{id}/comment/{comment_id}', (n) => `/galleryphoto/${n.photo}/comment/${n.comment}`],
  ['/galleryphoto/{id}/comment/{comment_id}/replies', (n) => `/galleryphoto/${n.photo}/comment/${n.comment}/replies`],
];

/** An offset far past any total, which must read the counts and nothing more (docs/api.md, The gallery's arguments: cost). */
export const PAST_THE_END = 9_000_000_000_000_000;

export const SCALE_REQUESTS: readonly ScaleRequest[] = [
  ...ROUTES.flatMap(([route, path]) =>
    SORTS.map((sort): ScaleRequest => ({ route, sort, variant: '', target: (n) => `${path(n)}?sort=${sort}` })),
  ),
  ...SORTS.map(
    (sort): ScaleRequest => ({
      route: '/galleryphotos',
      sort,
      variant: 'offset past the end',
      target: () => `/galleryphotos?sort=${sort}&offset=${PAST_THE_END}`,
    }),
  ),
];

export const labelOf = (request: ScaleRequest): string =>
  `${request.route} ${request.sort}${request.variant ? `, ${request.variant}` : ''}`;
