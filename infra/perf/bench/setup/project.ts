/**
 * The project as the bench sees it: template.yaml's functions, routes and environment, the
 * bench's own settings on top, and the names of the functions that use DynamoDB: the short-URL
 * ones, and the gallery's (those template.yaml gives GALLERY_TABLE).
 */
import { loadTemplate } from '../../../template/read';
import { functionEnvironment, functionsOf, type FunctionDefinition } from '../../../template/functions';
import { routesOf } from '../../../template/routes';

/** The short-link origin the functions run with, as `npm start` serves it. */
/** `npm run bench -- --quick`: a few runs of each, to see that the bench works; it writes no results. */
export const QUICK = process.argv.includes('--quick');

export const SHORT_URL_HOST = 'http://127.0.0.1:3001';
/** Creations are rate-limited per app key and per client IP; the bench makes thousands from one of each (up to 5 000 a second). */
export const BENCH_SETTINGS = { RATE_LIMIT_PER_APP_KEY: '5000', RATE_LIMIT_PER_CLIENT_IP: '5000', RATE_LIMIT_WINDOW_SECONDS: '1' };

export const template = loadTemplate();
export const functions = functionsOf(template);
export const routes = routesOf(template);
/** What every function gets, here and in the cold-start children: template.yaml's environment and the bench's settings. */
export const functionEnv: Record<string, string> = {
  ...functionEnvironment(template, { parameters: { ShortUrlHost: SHORT_URL_HOST } }),
  ...BENCH_SETTINGS,
};

/**
 * The whole environment of a child process that runs functions (a cold start, the local
 * stack's server): the functions' own and the local stack's (where DynamoDB Local listens, its
 * region and credentials), as a Lambda function's container has only its own variables.
 */
export function functionProcessEnv(): Record<string, string> {
  const env: Record<string, string> = { ...functionEnv, PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'en_US.UTF-8', TZ: ':UTC' };
  for (const name of ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    const value = process.env[name];
    if (value === undefined) throw new Error(`${name} is not set: the local stack sets it`);
    env[name] = value;
  }
  return env;
}

export const CREATE = 'ShortUrlCreateFunction';
export const LOOKUP = 'ShortUrlFunction';
export const REDIRECT = 'RedirectFunction';
export const DATABASE_FUNCTIONS = [CREATE, LOOKUP, REDIRECT];

export const GALLERY_PHOTOS = 'GalleryPhotosFunction';
export const GALLERY_FUNCTIONS = Object.entries(template.Resources)
  .filter(
    ([, resource]) =>
      resource.Type === 'AWS::Serverless::Function' && resource.Properties?.Environment?.Variables?.GALLERY_TABLE !== undefined,
  )
  .map(([id]) => id);

export function routeOf(id: string) {
  const route = routes.find((r) => r.fn.id === id);
  if (!route) throw new Error(`${id} has no HttpApi route`);
  return route;
}

export function definitionOf(id: string): FunctionDefinition {
  const fn = functions.find((f) => f.id === id);
  if (!fn) throw new Error(`template.yaml has no ${id}`);
  return fn;
}
