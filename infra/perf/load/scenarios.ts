/**
 * What `npm run load` sends: one scenario per endpoint of template.yaml, each cycling through
 * every response type and a few arguments, with the statuses it may answer. A scenario whose
 * function is not in the template, or a function without a scenario, stops the run before it
 * starts, so that a new endpoint cannot go unloaded.
 */
import { RESPONSE_TYPES, type ResponseType } from '../../../lib/render';
import type { FunctionDefinition } from '../../template/functions';

const APP_KEY = 'http://load.test/';

export interface LoadRequest {
  readonly method: 'GET' | 'HEAD';
  readonly path: string;
  readonly type?: ResponseType;
  /** For creations: the link asked for, whose answers must all carry one short URL. */
  readonly link?: string;
}

export interface Scenario {
  readonly name: string;
  /** The template's function that answers it. */
  readonly functionId: string;
  readonly host: 'api' | 'shortLinks';
  readonly requests: readonly LoadRequest[];
  /** The statuses it may answer (for the javascript type, the `status` its body carries). */
  readonly expected: readonly number[];
  readonly connections: number;
  /** What checks.ts holds it to besides its statuses: views counted, or one record per link. */
  readonly role?: 'redirects' | 'creations';
}

/** What the scenarios need from the stack's data: found in it (sample.ts) before the run. */
export interface LoadSample {
  readonly photoIds: readonly number[];
  /** A comment that has replies, and its photo. */
  readonly thread: { readonly photoId: number; readonly commentId: number };
  /** Short URLs created before the run, which the redirect scenario visits. */
  readonly codes: readonly string[];
  /** A short URL created before the run, which the hot-link phase visits from many clients at once. */
  readonly hotCode: string;
  /** Links the creation scenario asks for again and again, from every connection. */
  readonly links: readonly string[];
}

const CALLBACK = 'loaded';

/** `path` with the app key and the type (and a callback for javascript) in its query. */
export function typedPath(path: string, type: ResponseType): string {
  const query = new URLSearchParams({ appkey: APP_KEY, type });
  if (type === 'javascript') query.set('callback', CALLBACK);
  return `${path}${path.includes('?') ? '&' : '?'}${query}`;
}

/** Every path in every type; a creation's with the link it asks for. */
const inEveryType = (paths: readonly string[], link?: string): LoadRequest[] =>
  paths.flatMap((path) => RESPONSE_TYPES.map((type) => ({ method: 'GET' as const, path: typedPath(path, type), type, link })));

function apiScenario(functionId: string, name: string, paths: readonly string[], expected: readonly number[]): Scenario {
  return { name, functionId, host: 'api', requests: inEveryType(paths), expected, connections: 2 };
}

export function scenariosFor(sample: LoadSample): Scenario[] {
  const [a, b, c] = sample.photoIds as [number, number, number];
  const { photoId, commentId } = sample.thread;
  return [
    apiScenario('ErrorsFunction', 'GET /errors', ['/errors'], [200]),
    apiScenario('ErrorFunction', 'GET /error/{code}', ['/error/1017', '/error/9999'], [200, 404]),
    apiScenario('ContainersFunction', 'GET /containers', ['/containers'], [200]),
    apiScenario('ContainerFunction', 'GET /container/{short_name}', ['/container/technology', '/container/nowhere'], [200, 404]),
    apiScenario('NotFoundFunction', 'no route ($default)', ['/stories/popular'], [404]),
    {
      ...apiScenario('ShortUrlCreateFunction', 'GET /url/short/create', [], [200, 503]),
      requests: sample.links.flatMap((link) => inEveryType([`/url/short/create?url=${encodeURIComponent(link)}`], link)),
      // 503: the rate limiter, which must be all it is (checks.ts).
      connections: 4,
      role: 'creations',
    },
    apiScenario(
      'ShortUrlFunction',
      'GET /url/short/{short_url+}',
      [...sample.codes.slice(0, 4).map((code) => `/url/short/${code}`), '/url/short/zzzzzzz'],
      [200, 404],
    ),
    apiScenario(
      'GalleryPhotosFunction',
      'GET /galleryphotos',
      ['/galleryphotos', '/galleryphotos?sort=digg_count-desc&count=20', '/galleryphotos?offset=100'],
      [200],
    ),
    apiScenario('GalleryPhotosByIdsFunction', 'GET /galleryphotos/{list}', [`/galleryphotos/${a},${b},${c}`], [200]),
    apiScenario(
      'GalleryPhotoFunction',
      'GET /galleryphoto/{id}',
      [`/galleryphoto/${a}`, `/galleryphoto/${b}`, '/galleryphoto/999999999'],
      [200, 404],
    ),
    apiScenario(
      'GalleryCommentsFunction',
      'GET /galleryphotos/comments',
      ['/galleryphotos/comments', '/galleryphotos/comments?sort=submit_date-asc&count=50'],
      [200],
    ),
    apiScenario('GalleryPhotosCommentsFunction', 'GET /galleryphotos/{list}/comments', [`/galleryphotos/${a},${photoId}/comments`], [200]),
    apiScenario('GalleryPhotoCommentsFunction', 'GET /galleryphoto/{id}/comments', [`/galleryphoto/${photoId}/comments`], [200]),
    apiScenario(
      'GalleryCommentFunction',
      'GET /galleryphoto/{id}/comment/{comment_id}',
      [`/galleryphoto/${photoId}/comment/${commentId}`],
      [200],
    ),
    apiScenario(
      'GalleryRepliesFunction',
      'GET /galleryphoto/{id}/comment/{comment_id}/replies',
      [`/galleryphoto/${photoId}/comment/${commentId}/replies`],
      [200],
    ),
    {
      // Every GET counts a view: checks.ts holds the stored counts to the requests sent.
      name: 'GET /{code} (redirect)',
      functionId: 'RedirectFunction',
      host: 'shortLinks',
      requests: sample.codes.map((code) => ({ method: 'GET' as const, path: `/${code}` })),
      expected: [301],
      connections: 4,
      role: 'redirects',
    },
    {
      name: 'HEAD /{code}, other paths (short-link host)',
      functionId: 'RedirectFunction',
      host: 'shortLinks',
      requests: [
        ...sample.codes.slice(0, 2).map((code) => ({ method: 'HEAD' as const, path: `/${code}` })),
        { method: 'GET', path: '/zzzzzzz' },
        { method: 'GET', path: '/not/a/code' },
      ],
      expected: [301, 404],
      connections: 1,
    },
  ];
}

/** Names of the template's functions that no scenario loads, and scenarios of functions it lacks. */
export function coverageGaps(scenarios: readonly Scenario[], functions: readonly FunctionDefinition[]): string[] {
  const loaded = new Set(scenarios.map((scenario) => scenario.functionId));
  const defined = new Set(functions.map((fn) => fn.id));
  return [
    ...[...defined].filter((id) => !loaded.has(id)).map((id) => `${id} has no load scenario`),
    ...[...loaded].filter((id) => !defined.has(id)).map((id) => `a load scenario names ${id}, which template.yaml does not define`),
  ];
}
