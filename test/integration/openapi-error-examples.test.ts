/**
 * Each error status of each operation of docs/openapi.yaml shows examples of its own, in xml, json
 * and php, each byte for byte the API's answer or what it renders for that error (docs/api.md,
 * Errors and Retirement).
 */
import { randomUUID } from 'node:crypto';
import { ApiError } from '../../lib/api-error';
import { readConfig } from '../../lib/config';
import { documentClient } from '../../lib/db/client';
import { databaseUnavailable } from '../../lib/db/failures';
import type { ApiRequest, ApiResult } from '../../lib/http/context';
import { answerErrors } from '../../lib/http/respond';
import { DynamoRateLimitStore, RateLimiter } from '../../lib/shorturls/rate-limit';
import { readRateLimits } from '../../lib/shorturls/settings';
import { statusFor } from '../support/catalogue';
import { catalogueMessage, invokerWithEnv } from '../support/expect-error';
import { invoke, withKey } from '../support/invoke';
import { enc, expectDocumented, inType, newClient, sampleRequests } from '../support/openapi-answers';
import { API_PATHS, deref, doc, type Json } from '../support/openapi-document';

// Some tests invoke every route, or fill a rate-limit window: past jest's 5 s on a busy machine.
jest.setTimeout(60_000);

const { sampleOf } = sampleRequests();

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
