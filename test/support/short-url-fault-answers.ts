/**
 * The requests of the short-URL fault tests and what their answers must be: transient failures error 500 with
 * HTTP 503 and Retry-After, others error 500, logged (lib/db/failures.ts); the rate limit's 503; nothing internal
 * in a body (docs/api.md, Errors).
 */
import { UNIT_RATE_LIMITS_TABLE, UNIT_SHORT_URLS_TABLE } from './short-url-unit-env';
import { clientStatus, RATE_LIMITED } from '../../infra/perf/load/drive';
import { expectError, type ResponseType, typeQuery } from './expect-error';
import { consoleError, FakeDatabase, install } from './fake-short-url-tables';
import { APP_KEY, type Invocation, invoke } from './invoke';

const KEY = `appkey=${encodeURIComponent(APP_KEY)}`;
export const NEW_URL = 'https://faults.example/new?x=1';
export const EXISTING = { code: 'Exist12', link: 'https://faults.example/existing', itemid: 7, view_count: 3 };

export const createTarget = (type: ResponseType, url = NEW_URL) =>
  `/url/short/create?url=${encodeURIComponent(url)}&${KEY}&${typeQuery(type)}`;
export const lookupTarget = (type: ResponseType, code = EXISTING.code): string => `/url/short/${code}?${KEY}&${typeQuery(type)}`;

/**
 * A container's first creation reads the blocked hosts with the link's entry, in one BatchGet: tests that count a
 * creation's calls run after one such creation, of a link of its own, on a database of its own.
 */
export function afterAFirstCreation(): void {
  beforeAll(async () => {
    install(new FakeDatabase());
    const { statusCode } = await invoke(createTarget('json', 'https://faults.example/first'));
    if (statusCode !== 200) throw new Error(`the container's first creation answered ${statusCode}`);
  });
}

/** Text of the process that must never reach a client. */
const INTERNAL = [UNIT_SHORT_URLS_TABLE, UNIT_RATE_LIMITS_TABLE, ...'stack Exception /work/ node_modules .ts: arn:aws secret-'.split(' ')];

export function expectNoInternals(response: Invocation, error?: unknown, { catalogueOnly = true } = {}): void {
  const { body } = response;
  for (const text of INTERNAL) expect(body).not.toContain(text);
  // A stack frame, whatever else the body says.
  expect(body).not.toMatch(/\bat \S+ \(|\n\s*at /);
  // The catalogue messages hold no "at "; details may ("at most 60").
  if (catalogueOnly) expect(body).not.toContain('at ');
  if (error instanceof Error) {
    expect(body).not.toContain(error.message);
    if (error.name !== 'Error') expect(body).not.toContain(error.name);
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') expect(body).not.toContain(code);
  }
}

/** Transient: error 500, HTTP 503 (Javascript: 200, status 503), Retry-After, nothing logged. */
export function expectUnavailable(response: Invocation, type: ResponseType, error: unknown): void {
  expectError(response, type, 500, 503, { detail: false });
  expect(response.headers['retry-after']).toBe('1');
  // What `npm run load` reads from the answer: a 503 that is not the rate limiter's.
  expect(clientStatus(type, response.statusCode, response.body)).toBe(503);
  expect(RATE_LIMITED.test(response.body)).toBe(false);
  expectNoInternals(response, error);
}

/** Unexpected: error 500 (Javascript: 200, status 500), no Retry-After. */
export function expectInternalError(response: Invocation, type: ResponseType, error: unknown): void {
  expectError(response, type, 500, 500, { detail: false });
  expect(response.headers['retry-after']).toBeUndefined();
  expectNoInternals(response, error);
}

/** The rate limit: error 403 with HTTP 503 and a Retry-After within the window. */
export function expectRateLimited(response: Invocation, type: ResponseType): void {
  expectError(response, type, 403, 503);
  expect(clientStatus(type, response.statusCode, response.body)).toBe(503);
  expect(RATE_LIMITED.test(response.body)).toBe(true);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  expectNoInternals(response, undefined, { catalogueOnly: false });
}

/** The detail of an unexpected error went to the log, once (each test clears it per request), as one JSON line. */
export function expectLogged(error: unknown): void {
  expect(consoleError).toHaveBeenCalledTimes(1);
  const [[line]] = consoleError.mock.calls;
  expect(typeof line).toBe('string');
  const entry = JSON.parse(line as string) as { error: { stack?: string | string[] } };
  const { name, message } = error as Error;
  expect(entry).toMatchObject({ level: 'ERROR', error: { name, message } });
  // Under jest, Powertools' dev mode (./quiet-observability.ts) splits the stack into lines.
  expect([entry.error.stack].flat().join('\n')).toContain(name);
}
