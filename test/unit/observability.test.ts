/**
 * Observability (Powertools Logger and Metrics, lib/observability/): one JSON log line per
 * request with its request id, function, route, type, app key, status, duration and cold start,
 * and nothing of the query string, callback or body; unexpected errors logged with their stack
 * at ERROR while the body stays clean; `Requests` counted by endpoint, type and status and in
 * total, in one EMF line per request (Powertools' logMetrics).
 */
import { capture, type Entry } from '../support/observability-capture';
import { endpoint } from '../../lib/http/endpoint';
import { invokeHandler, TYPES, typeQuery } from '../support/expect-error';
import { APP_KEY, invoke, withKey } from '../support/invoke';

const output = capture();
beforeEach(() => output.clear());

function onlyLog(): Entry {
  const logs = output.logs();
  expect(logs).toHaveLength(1);
  return logs[0]!;
}

describe('Logger', () => {
  // First in the file: this module registry's first request is the container's cold start.
  test('flags the cold start on the first invocation only', async () => {
    await invoke(withKey('/errors?type=json'));
    expect(onlyLog().cold_start).toBe(true);
    for (let i = 0; i < 3; i++) {
      output.clear();
      await invoke(withKey('/errors?type=json'));
      expect(onlyLog().cold_start).toBe(false);
    }
  });

  test('logs exactly one JSON line per request, with the request fields', async () => {
    const response = await invoke(withKey('/error/1001?type=php'));
    expect(response.statusCode).toBe(200);
    expect(output.lines().filter((line) => !line.includes('"_aws"'))).toHaveLength(1);
    const entry = onlyLog();
    expect(entry).toMatchObject({
      function_request_id: expect.stringMatching(/./s),
      duration_ms: expect.any(Number),
      cold_start: expect.any(Boolean),
      level: 'INFO',
      service: 'observability-test',
      function_name: 'ErrorFunction',
      route: 'GET /error/{code}',
      type: 'php',
      app_key: APP_KEY,
      status: 200,
    });
    expect(entry.duration_ms as number).toBeGreaterThanOrEqual(0);
  });

  test('logs no query string, callback or body', async () => {
    const response = await invoke(withKey('/errors?type=javascript&callback=secretCallbackName&offset=secretOffset'));
    const line = output.lines().find((text) => !text.includes('"_aws"'))!;
    const entry = onlyLog();
    expect(entry).toMatchObject({ route: 'GET /errors', type: 'javascript', status: 200 });
    for (const secret of ['secretCallbackName', 'secretOffset', 'callback=', 'offset=', 'rawQueryString', 'queryStringParameters'])
      expect(line).not.toContain(secret);
    expect(response.body.length).toBeGreaterThan(0);
    expect(line).not.toContain(response.body.slice(0, 40));
  });

  test('logs the answer to a refused request: its status and the type it was answered in', async () => {
    await invoke('/errors?type=json');
    const refused = onlyLog();
    expect(refused).toMatchObject({ route: 'GET /errors', type: 'json', status: 403 });
    expect(refused).not.toHaveProperty('app_key'); // there is none
    output.clear();
    await invoke(withKey('/errors?type=yaml'));
    expect(onlyLog()).toMatchObject({ type: 'xml', status: 403 });
  });

  test('a path the API does not have answers 404 whatever the key, and logs a valid one, normalised', async () => {
    const answers = [];
    for (const key of [encodeURIComponent('HTTP://Old.App'), 'not-a-uri', '']) {
      output.clear();
      answers.push((await invoke(`/stories/top?type=json&appkey=${key}`)).statusCode);
      const line = onlyLog();
      expect(line).toMatchObject({ route: '$default', type: 'json', status: 404 });
      if (key === '' || key === 'not-a-uri') expect(line).not.toHaveProperty('app_key');
      else expect(line.app_key).toBe('http://old.app/');
    }
    expect(answers).toEqual([404, 404, 404]);
  });

  test('an unexpected error is logged with its stack at ERROR, and the body stays clean', async () => {
    const throwing = endpoint({ args: {} }, () => {
      throw new Error('secret-internal-detail');
    });
    for (const type of TYPES) {
      output.clear();
      const response = await invokeHandler(throwing, `/errors?appkey=${encodeURIComponent(APP_KEY)}&${typeQuery(type, 'cb')}`);
      expect(response.body).not.toContain('secret-internal-detail');
      expect(response.body).not.toMatch(/at .*\.ts/);
      const error = { name: 'Error', message: 'secret-internal-detail', stack: expect.stringContaining('observability.test.ts') };
      expect(output.logs().filter((entry) => entry.level === 'ERROR')).toEqual([
        expect.objectContaining({
          message: 'unexpected error, answered as error 500',
          route: 'GET /errors',
          error: expect.objectContaining(error),
        }),
      ]);
      // The request's own line says 500 (HTTP 200 for the Javascript type, which must run).
      const summary = output.logs().filter((entry) => entry.message === 'request');
      expect(summary.map((entry) => entry.status)).toEqual([type === 'javascript' ? 200 : 500]);
    }
  });
});

describe('Metrics', () => {
  test('a request emits Requests with endpoint, type and status dimensions, and in total, in one EMF line', async () => {
    await invoke(withKey('/error/1001?type=json'));
    expect(output.counts()).toEqual([
      { name: 'Requests', dimensions: { endpoint: 'GET /error/{code}', type: 'json', status: '200' } },
      { name: 'Requests', dimensions: {} },
    ]);
    expect(output.metrics()).toHaveLength(1);
    const [emf] = output.metrics();
    expect(emf).toMatchObject({ service: 'observability-test', Requests: 1 });
    expect((emf!._aws as { CloudWatchMetrics: { Namespace: string }[] }).CloudWatchMetrics[0]!.Namespace).toBe('ObservabilityTest');
  });

  test('the endpoint is the route key, never the raw path; status is a number string', async () => {
    await invoke(withKey('/error/99999?type=xml'));
    await invoke(withKey('/no/such/path?type=json'));
    expect(output.counts()).toEqual([
      { name: 'Requests', dimensions: { endpoint: 'GET /error/{code}', type: 'xml', status: '404' } },
      { name: 'Requests', dimensions: {} },
      { name: 'Requests', dimensions: { endpoint: '$default', type: 'json', status: '404' } },
      { name: 'Requests', dimensions: {} },
    ]);
  });
});
