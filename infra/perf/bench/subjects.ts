/** What the bench measures and how it asks each: the template's functions, and the floors of what the design requires (./yardsticks/). */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ResponseType } from '../../../lib/render';
import type { Bundle, Bundles } from './bundles';
import { type Gallery, SEED_URL, type Seed } from './data';
import { benchEvent, CREATE, GALLERY_FUNCTIONS, galleryPath, LOOKUP, REDIRECT, routeOf, routes, typedPath } from './project';

export interface Subject extends Bundle {
  readonly id: string;
  readonly kind: 'function' | 'floor';
  /** Needs DynamoDB: held to DatabaseFloor and its requests. */
  readonly database: boolean;
  readonly exportName: string;
  readonly api: string;
  /** Path and query in a type; undefined is a plain request, answered in XML. */
  readonly target: (type?: ResponseType) => string;
  readonly answer: { readonly status: number; readonly xml: boolean; readonly location?: string };
}

export interface Subjects {
  /** Those without DynamoDB first. */
  readonly functions: readonly Subject[];
  readonly staticFloor: Subject;
  readonly databaseFloor: Subject;
}

export function eventFor(subject: Subject, type?: ResponseType, target = subject.target(type)): APIGatewayProxyEventV2 {
  const apiRoutes = routes.filter((r) => r.api === subject.api);
  const { event, route } = benchEvent(apiRoutes, target);
  if (subject.kind === 'function' && route.fn.id !== subject.id) throw new Error(`GET ${target} goes to ${route.fn.id}, not ${subject.id}`);
  return event;
}

const floor = (id: string, bundle: Bundle, like: Subject, xml: boolean): Subject => ({
  ...like,
  ...bundle,
  id,
  kind: 'floor',
  exportName: 'handler',
  answer: { status: 200, xml },
});

/** DatabaseFloor sending `fn`'s recorded requests (./yardsticks/request-floor.ts), asked what DatabaseFloor is asked. */
export const requestFloorSubject = (fn: Subject, bundle: Bundle, databaseFloor: Subject): Subject =>
  floor(`${fn.id}'s requests`, bundle, databaseFloor, false);

export function subjectsOf({ built, staticFloor, databaseFloor }: Bundles, seed: Seed, { named }: Gallery): Subjects {
  const shortUrlTargets: Record<string, Subject['target']> = {
    [CREATE]: (type) => typedPath(`/url/short/create?url=${encodeURIComponent(SEED_URL)}`, type),
    [LOOKUP]: (type) => typedPath(`/url/short/${seed.code}`, type),
    [REDIRECT]: () => `/${seed.code}`,
  };
  const functions = built.map(({ id, definition, file, bytes, gzipBytes, metafile }): Subject => {
    const route = routeOf(id);
    const path =
      route.path === '$default' ? '/nope' : galleryPath(route.path, named).replace('{code}', '1001').replace('{short_name}', 'technology');
    return {
      id,
      kind: 'function',
      database: id in shortUrlTargets || GALLERY_FUNCTIONS.includes(id),
      file,
      bytes,
      gzipBytes,
      metafile,
      exportName: definition.exportName,
      api: route.api,
      target: shortUrlTargets[id] ?? ((type) => typedPath(path, type)),
      answer:
        id === REDIRECT ? { status: 301, xml: false, location: seed.link } : { status: route.path === '$default' ? 404 : 200, xml: true },
    };
  });
  const statics = functions.filter((s) => !s.database);
  const redirect = functions.find((s) => s.id === REDIRECT)!;
  return {
    functions: [...statics, ...functions.filter((s) => s.database)],
    staticFloor: floor('StaticFloor', staticFloor, statics[0]!, true),
    databaseFloor: floor('DatabaseFloor', databaseFloor, redirect, false),
  };
}
