/**
 * What the bench measures, and how it requests each: the template's functions (static ones
 * with a sample request per response type, the short-URL ones with the seeded short URL, the
 * gallery ones with the bench's gallery) and the yardsticks: the baseline and the floors of what
 * the design requires.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ResponseType } from '../../../../lib/render';
import type { BuiltFunction } from '../../../bundle/esbuild';
import type { ColdStart } from '../cold-start/cold-start-result';
import type { Bundles, Yardstick } from '../bundles/bundles';
import { type Gallery, SEED_URL, type Seed } from './data';
import {
  benchEvent,
  query,
  CREATE,
  DATABASE_FUNCTIONS,
  functions,
  GALLERY_FUNCTIONS,
  LOOKUP,
  REDIRECT,
  routeOf,
  routes,
  samplePath,
} from './project';

export const BASELINE = 'Baseline';
const STATIC_FLOOR = 'StaticFloor';
const DATABASE_FLOOR = 'DatabaseFloor';

/** A bundle the bench measures: its file, sizes and metafile, and what it answers. */
export interface Subject extends Yardstick {
  readonly id: string;
  /** A template function, or one of the bench's yardsticks (the baseline, the floors). */
  readonly kind: 'function' | 'yardstick';
  /** Needs DynamoDB: its cold start is held to DatabaseFloor and its requests. */
  readonly database: boolean;
  readonly exportName: string;
  /** The HTTP API whose routes its requests take (`Api`, `ShortApi`). */
  readonly api: string;
  /** Path and query of the request for a type; `undefined` is a plain request, answered in XML. */
  readonly target: (type: ResponseType | undefined) => string;
  /** Status the warm loop's requests must answer with (404 for $default, but 200 in Javascript); the DynamoDB subjects are not in it. */
  readonly status?: (type: ResponseType) => number;
  /** What is wrong with a cold start's answer, or undefined. */
  readonly coldCheck: (run: ColdStart) => string | undefined;
}

/** Every subject, and the groups the sections take. */
export interface Subjects {
  /** In the tables' order: functions without DynamoDB, the short-URL ones, the gallery ones, the baseline. */
  readonly all: readonly Subject[];
  /** The template's functions, in the same order; the DynamoDB ones are those with `database`. */
  readonly functions: readonly Subject[];
  readonly baseline: Subject;
  /**
   * What the design requires before any of the project's code: the static floor (middy,
   * Powertools, XMLBuilder) and the DynamoDB one (middy, Powertools, the document client).
   * Measured in the cold-start section only, so not in `all`.
   */
  readonly staticFloor: Subject;
  readonly databaseFloor: Subject;
}

/** The event for `subject`, routed by its API's routes; `type` undefined is a plain request, answered in XML. */
export function eventFor(subject: Subject, type: ResponseType | undefined, target = subject.target(type)): APIGatewayProxyEventV2 {
  const { event, route } = benchEvent(
    routes.filter((r) => r.api === subject.api),
    target,
  );
  if (subject.kind === 'function' && route.fn.id !== subject.id) throw new Error(`GET ${target} goes to ${route.fn.id}, not ${subject.id}`);
  return event;
}

/** Why a cold start's answer is not `status` in XML, or undefined. */
const xmlAnswer =
  (status: number) =>
  ({ answer }: ColdStart): string | undefined =>
    answer.statusCode === status && String(answer.headers?.['Content-Type']).startsWith('text/xml') && answer.body
      ? undefined
      : `answered ${answer.statusCode} ${answer.headers?.['Content-Type']} (${answer.body?.length} bytes), expected ${status} XML`;

type Bundle = Pick<Subject, 'exportName' | 'file' | 'bytes' | 'gzipBytes' | 'metafile'>;
const bundleOf = ({ definition, file, bytes, gzipBytes, metafile }: BuiltFunction): Bundle => ({
  exportName: definition.exportName,
  file,
  bytes,
  gzipBytes,
  metafile,
});

/** A function without DynamoDB, or the baseline (requested as the first function is), in every type. */
function staticSubject(id: string, kind: Subject['kind'], bundle: Bundle, routeId = id): Subject {
  const route = routeOf(routeId);
  const notFound = kind === 'function' && route.path === '$default';
  return {
    ...bundle,
    id,
    kind,
    database: false,
    api: route.api,
    target: (type) => `${samplePath(route)}?${query(type)}`,
    status: (type) => (notFound && type !== 'javascript' ? 404 : 200),
    coldCheck: xmlAnswer(notFound ? 404 : 200),
  };
}

/** A DynamoDB function's bundle, as a subject without its requests. */
function databaseFunction(built: readonly BuiltFunction[], id: string) {
  const found = built.find((b) => b.id === id);
  if (!found) throw new Error(`${id} was not built`);
  return { ...bundleOf(found), id, kind: 'function' as const, database: true, api: routeOf(id).api };
}

/** The DynamoDB floor (../yardsticks/database-floor.ts), requesting the seeded short URL as the redirect does. */
const databaseFloorSubject = (id: string, bundle: Yardstick, api: string, seed: Seed): Subject => ({
  ...bundle,
  id,
  kind: 'yardstick',
  database: true,
  exportName: 'handler',
  api,
  target: () => `/${seed.code}`,
  coldCheck: ({ answer }) =>
    answer.statusCode === 200 && answer.body
      ? undefined
      : `answered ${answer.statusCode} (${answer.body?.length} bytes), expected 200 with the link`,
});

/**
 * A DynamoDB function's request floor (../yardsticks/request-floor.ts): the function's recorded
 * requests are built in, so it is asked what DatabaseFloor is asked, and answers 200 once they
 * have all been answered.
 */
export const requestFloorSubject = (fn: Subject, bundle: Yardstick, databaseFloor: Subject): Subject => ({
  ...bundle,
  id: `${fn.id}'s requests`,
  kind: 'yardstick',
  database: true,
  exportName: 'handler',
  api: databaseFloor.api,
  target: databaseFloor.target,
  coldCheck: ({ answer }) =>
    answer.statusCode === 200 ? undefined : `answered ${answer.statusCode}, expected 200 once its requests were answered`,
});

/** The short-URL functions, requesting the seeded short URL. */
function databaseSubjects(built: readonly BuiltFunction[], seed: Seed): Subject[] {
  const byId = (id: string) => databaseFunction(built, id);
  const redirectCheck = ({ answer }: ColdStart) =>
    answer.statusCode === 301 && answer.headers?.Location === seed.link
      ? undefined
      : `answered ${answer.statusCode} Location ${answer.headers?.Location}, expected 301 to ${seed.link}`;
  return [
    {
      ...byId(CREATE),
      target: (type) => `/url/short/create?${query(type)}&url=${encodeURIComponent(SEED_URL)}`,
      coldCheck: xmlAnswer(200),
    },
    { ...byId(LOOKUP), target: (type) => `/url/short/${seed.code}?${query(type)}`, coldCheck: xmlAnswer(200) },
    { ...byId(REDIRECT), target: () => `/${seed.code}`, coldCheck: redirectCheck },
  ];
}

/** The gallery functions, requesting the bench's gallery: its photo, comment and list in their paths, the default window and count. */
function gallerySubjects(built: readonly BuiltFunction[], { path }: Gallery): Subject[] {
  return GALLERY_FUNCTIONS.map((id) => {
    const route = routeOf(id)
      .path.replace('{id}', String(path.id))
      .replace('{comment_id}', String(path.commentId))
      .replace('{list}', path.list.join(','));
    return { ...databaseFunction(built, id), target: (type) => `${route}?${query(type)}`, coldCheck: xmlAnswer(200) };
  });
}

export function subjectsOf({ built, baseline, staticFloor, databaseFloor }: Bundles, seed: Seed, galleryData: Gallery): Subjects {
  const inDatabase = [...DATABASE_FUNCTIONS, ...GALLERY_FUNCTIONS];
  const statics = built.filter((b) => !inDatabase.includes(b.id)).map((b) => staticSubject(b.id, 'function', bundleOf(b)));
  const functionSubjects = [...statics, ...databaseSubjects(built, seed), ...gallerySubjects(built, galleryData)];
  const base = staticSubject(BASELINE, 'yardstick', { ...baseline, exportName: 'handler' }, functions[0]!.id);
  return {
    all: [...functionSubjects, base],
    functions: functionSubjects,
    baseline: base,
    staticFloor: staticSubject(STATIC_FLOOR, 'yardstick', { ...staticFloor, exportName: 'handler' }, functions[0]!.id),
    databaseFloor: databaseFloorSubject(DATABASE_FLOOR, databaseFloor, routeOf(REDIRECT).api, seed),
  };
}
