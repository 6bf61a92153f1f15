/**
 * A scenario per endpoint of template.yaml, in every response type, with the statuses it may answer;
 * a function without one, or one without a function, stops the run before it starts.
 */
import { RESPONSE_TYPES, type ResponseType } from '../../../lib/render';
import type { FunctionDefinition } from '../../template/functions';
import { typedPath } from '../bench/project';

export interface LoadRequest {
  readonly method: 'GET' | 'HEAD';
  readonly path: string;
  readonly type?: ResponseType;
  /** For creations: the link asked for, whose answers must all carry one short URL. */
  readonly link?: string;
}

export interface Scenario {
  readonly name: string;
  readonly functionId: string;
  readonly host: 'api' | 'shortLinks';
  readonly requests: readonly LoadRequest[];
  /** For the javascript type, the `status` its body carries. */
  readonly expected: readonly number[];
  readonly connections: number;
  /** What checks.ts holds it to besides its statuses: views counted, or one short URL per link. */
  readonly role?: 'redirects' | 'creations';
}

/** Found in the stack's data before the run (sample.ts). */
export interface LoadSample {
  readonly photoIds: readonly number[];
  /** A comment that has replies, and its photo. */
  readonly thread: { readonly photoId: number; readonly commentId: number };
  /** Short URLs the redirect scenario visits. */
  readonly codes: readonly string[];
  /** The short URL the hot link visits. */
  readonly hotCode: string;
  /** Links the creation scenario asks for again and again. */
  readonly links: readonly string[];
}

const inEveryType = (paths: readonly string[], link?: string): LoadRequest[] =>
  paths.flatMap((path) => RESPONSE_TYPES.map((type) => ({ method: 'GET' as const, path: typedPath(path, type), type, link })));

export function scenariosFor(sample: LoadSample): Scenario[] {
  const [a, b, c] = sample.photoIds as [number, number, number];
  const { photoId, commentId } = sample.thread;
  const [photo, photos, comment] = ['/galleryphoto', '/galleryphotos', `/galleryphoto/${photoId}/comment/${commentId}`];
  const api = (functionId: string, name: string, paths: string[], expected = [200]): Scenario => ({
    name,
    functionId,
    host: 'api',
    requests: inEveryType(paths),
    expected,
    connections: 2,
  });
  const onShortLinks = { functionId: 'RedirectFunction', host: 'shortLinks' } as const;
  return [
    api('ErrorsFunction', 'GET /errors', ['/errors']),
    api('ErrorFunction', 'GET /error/{code}', ['/error/1017', '/error/9999'], [200, 404]),
    api('ContainersFunction', 'GET /containers', ['/containers']),
    api('ContainerFunction', 'GET /container/{short_name}', ['/container/technology', '/container/nowhere'], [200, 404]),
    api('NotFoundFunction', 'no route ($default)', ['/stories/popular'], [404]),
    api(
      'ShortUrlFunction',
      'GET /url/short/{short_url+}',
      [...sample.codes.slice(0, 4), 'zzzzzzz'].map((code) => `/url/short/${code}`),
      [200, 404],
    ),
    api('GalleryPhotosFunction', `GET ${photos}`, [photos, `${photos}?sort=digg_count-desc&count=20`, `${photos}?offset=100`]),
    api('GalleryPhotosByIdsFunction', `GET ${photos}/{list}`, [`${photos}/${a},${b},${c}`]),
    api('GalleryPhotoFunction', `GET ${photo}/{id}`, [`${photo}/${a}`, `${photo}/${b}`, `${photo}/999999999`], [200, 404]),
    api('GalleryCommentsFunction', `GET ${photos}/comments`, [`${photos}/comments`, `${photos}/comments?sort=submit_date-asc&count=50`]),
    api('GalleryPhotosCommentsFunction', `GET ${photos}/{list}/comments`, [`${photos}/${a},${photoId}/comments`]),
    api('GalleryPhotoCommentsFunction', `GET ${photo}/{id}/comments`, [`${photo}/${photoId}/comments`]),
    api('GalleryCommentFunction', `GET ${photo}/{id}/comment/{comment_id}`, [comment]),
    api('GalleryRepliesFunction', `GET ${photo}/{id}/comment/{comment_id}/replies`, [`${comment}/replies`]),
    {
      ...api('ShortUrlCreateFunction', 'GET /url/short/create', [], [200, 503]),
      // 503: the rate limiter, which must be all it is (drive.ts).
      requests: sample.links.flatMap((link) => inEveryType([`/url/short/create?url=${encodeURIComponent(link)}`], link)),
      connections: 4,
      role: 'creations',
    },
    {
      // Every GET counts a view: checks.ts holds the stored counts to the requests sent.
      ...onShortLinks,
      name: 'GET /{code} (redirect)',
      requests: sample.codes.map((code) => ({ method: 'GET' as const, path: `/${code}` })),
      expected: [301],
      connections: 4,
      role: 'redirects',
    },
    {
      ...onShortLinks,
      name: 'HEAD /{code}, other paths (short-link host)',
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

export function coverageGaps(scenarios: readonly Scenario[], functions: readonly FunctionDefinition[]): string[] {
  const loaded = new Set(scenarios.map((scenario) => scenario.functionId));
  const defined = new Set(functions.map((fn) => fn.id));
  return [
    ...[...defined].filter((id) => !loaded.has(id)).map((id) => `${id} has no load scenario`),
    ...[...loaded].filter((id) => !defined.has(id)).map((id) => `a load scenario names ${id}, which template.yaml does not define`),
  ];
}
