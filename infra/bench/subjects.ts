/**
 * What the bench measures, and how it requests each: the template's functions (static ones
 * with a sample request per response type, the DynamoDB ones with the seeded short URL) and
 * the two yardsticks, the baseline and the doc-client-only bundle.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Metafile } from 'esbuild';
import type { BuiltFunction } from '../bundle';
import type { ColdStart } from './cold-start';
import type { Bundles, Yardstick } from './bundles';
import { SEED_URL, type Seed } from './database';
import { APP_KEY, benchEvent, samplePath } from './lambda';
import { CREATE, DATABASE_FUNCTIONS, functions, LOOKUP, REDIRECT, routeOf, routes } from './project';

export const BASELINE = 'Baseline';
const DOC_CLIENT = 'DocClientOnly';
export const TYPES = ['xml', 'json', 'javascript', 'php'] as const;
export type BenchType = (typeof TYPES)[number];

export interface Subject {
  readonly id: string;
  /** A template function, or one of the bench's yardsticks (baseline, doc-client-only). */
  readonly kind: 'function' | 'yardstick';
  /** Needs DynamoDB: measured in the round-trips section rather than in the in-process warm loop. */
  readonly database: boolean;
  readonly exportName: string;
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly metafile: Metafile;
  /** The HTTP API whose routes its requests take (`Api`, `ShortApi`). */
  readonly api: string;
  /** Path and query of the request for a type; `undefined` is a plain request, answered in XML. */
  readonly target: (type: BenchType | undefined) => string;
  /** Status the warm loop's requests must answer with (404 for $default, but 200 in Javascript); the DynamoDB subjects are not in it. */
  readonly status?: (type: BenchType) => number;
  /** What is wrong with a cold start's answer, or undefined. */
  readonly coldCheck: (run: ColdStart) => string | undefined;
}

/** Every subject, and the groups the sections take. */
export interface Subjects {
  /** In the tables' order: functions without DynamoDB, with DynamoDB, the baseline, the doc-client-only bundle. */
  readonly all: readonly Subject[];
  readonly functions: readonly Subject[];
  /** The functions without DynamoDB. */
  readonly statics: readonly Subject[];
  readonly dbFunctions: readonly Subject[];
  readonly baseline: Subject;
  readonly docClient: Subject;
}

export function query(type: BenchType | undefined): string {
  const key = `appkey=${encodeURIComponent(APP_KEY)}`;
  if (type === undefined) return key;
  return type === 'javascript' ? `${key}&type=javascript&callback=cb` : `${key}&type=${type}`;
}

/** The event for `subject`, routed by its API's routes; `type` undefined is a plain request, answered in XML. */
export function eventFor(subject: Subject, type: BenchType | undefined, target = subject.target(type)): APIGatewayProxyEventV2 {
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
  (run: ColdStart): string | undefined =>
    run.statusCode === status && run.contentType?.startsWith('text/xml') && run.bodyBytes > 0
      ? undefined
      : `answered ${run.statusCode} ${run.contentType} (${run.bodyBytes} bytes), expected ${status} XML`;

type Bundle = Pick<Subject, 'exportName' | 'file' | 'bytes' | 'gzipBytes' | 'metafile'>;
const bundleOf = ({ definition, file, bytes, gzipBytes, metafile }: BuiltFunction): Bundle => ({ exportName: definition.exportName, file, bytes, gzipBytes, metafile });

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

/** The DynamoDB functions and the doc-client-only bundle, requesting the seeded short URL. */
function databaseSubjects(built: readonly BuiltFunction[], docClient: Yardstick, seed: Seed): Subject[] {
  const byId = (id: string) => {
    const found = built.find((b) => b.id === id);
    if (!found) throw new Error(`${id} was not built`);
    return { ...bundleOf(found), id, kind: 'function' as const, database: true, api: routeOf(id).api };
  };
  const shortApi = routeOf(REDIRECT).api;
  const redirectCheck = (run: ColdStart) =>
    run.statusCode === 301 && run.location === seed.link ? undefined : `answered ${run.statusCode} Location ${run.location}, expected 301 to ${seed.link}`;
  return [
    { ...byId(CREATE), target: (type) => `/url/short/create?${query(type)}&url=${encodeURIComponent(SEED_URL)}`, coldCheck: xmlAnswer(200) },
    { ...byId(LOOKUP), target: (type) => `/url/short/${seed.code}?${query(type)}`, coldCheck: xmlAnswer(200) },
    { ...byId(REDIRECT), target: () => `/${seed.code}`, coldCheck: redirectCheck },
    {
      ...docClient,
      id: DOC_CLIENT,
      kind: 'yardstick',
      database: true,
      exportName: 'handler',
      api: shortApi,
      target: () => `/${seed.code}`,
      coldCheck: (run) => (run.statusCode === 200 && run.bodyBytes > 0 ? undefined : `answered ${run.statusCode} (${run.bodyBytes} bytes), expected 200 with the link`),
    },
  ];
}

export function subjectsOf({ built, baseline, docClient }: Bundles, seed: Seed): Subjects {
  const statics = built.filter((b) => !DATABASE_FUNCTIONS.includes(b.id)).map((b) => staticSubject(b.id, 'function', bundleOf(b)));
  const database = databaseSubjects(built, docClient, seed);
  const dbFunctions = database.filter((s) => s.kind === 'function');
  const base = staticSubject(BASELINE, 'yardstick', { ...baseline, exportName: 'handler' }, functions[0]!.id);
  const doc = database.find((s) => s.id === DOC_CLIENT)!;
  return { all: [...statics, ...dbFunctions, base, doc], functions: [...statics, ...dbFunctions], statics, dbFunctions, baseline: base, docClient: doc };
}
