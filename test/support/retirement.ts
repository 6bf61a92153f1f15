/**
 * What the retirement tests share (docs/api.md, Retirement): a sunset date gone by, the 410 a retired
 * API endpoint answers, and a request each route of the API answers.
 */
import type { Route } from '../../infra/template/routes';
import { DEPRECATION, expectError, type TYPES } from './expect-error';
import type { Invocation } from './invoke';

export const PAST = '2020-01-01';
export const httpDate = (date: string) => new Date(date).toUTCString();
export const MIGRATE_LINK = '<https://docs.new-api.test/migrate>; rel="deprecation"; type="text/html"';

/** A request each route answers (the catch-all: a path the API does not have). */
const SAMPLE_PATHS: Record<string, string> = {
  '/errors': '/errors',
  '/error/{code}': '/error/1014',
  '/containers': '/containers',
  '/container/{short_name}': '/container/technology',
  '/galleryphotos': '/galleryphotos',
  '/galleryphotos/comments': '/galleryphotos/comments',
  '/galleryphotos/{list}': '/galleryphotos/1,2',
  '/galleryphotos/{list}/comments': '/galleryphotos/1,2/comments',
  '/galleryphoto/{id}': '/galleryphoto/1',
  '/galleryphoto/{id}/comments': '/galleryphoto/1/comments',
  '/galleryphoto/{id}/comment/{comment_id}': '/galleryphoto/1/comment/2',
  '/galleryphoto/{id}/comment/{comment_id}/replies': '/galleryphoto/1/comment/2/replies',
  '/url/short/create': `/url/short/create?url=${encodeURIComponent('https://retirement.test/a')}`,
  '/url/short/{short_url+}': '/url/short/Nope123',
  $default: '/no-such-path',
};
export const sampleOf = (route: Route): string => {
  const path = SAMPLE_PATHS[route.path];
  if (path === undefined) throw new Error(`no sample request for ${route.routeKey}: add one`);
  return path;
};

/** Asserts the 410 of a retired API endpoint, in `type`, saying `why`, and returns its headers. */
export function expectRetired(answer: Invocation, type: (typeof TYPES)[number], why: string): Record<string, string | undefined> {
  const message = expectError(answer, type, 404, 410, { detail: why });
  expect(message).toBe(`Not found: ${why}`);
  expect(answer.headers.deprecation).toBe(DEPRECATION);
  return answer.headers;
}
