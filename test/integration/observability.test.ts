/**
 * Observability of the short URLs against DynamoDB Local, and of the built bundles: a new short
 * URL counts ShortUrlsCreated once (a link that already has one does not), a 503 of the rate
 * limiter counts RateLimited, a redirect counts Redirects and logs one line with the code; each
 * invocation publishes its counts in one EMF line, each count by the request's dimensions and in
 * total; the esbuild ES-module bundles (as `sam build` makes them) log and emit EMF the same way.
 */
import { capture } from '../support/observability-capture';
import { randomUUID } from 'node:crypto';
import { buildFunctions } from '../../infra/bundle/esbuild';
import { loadTemplate } from '../../infra/template/read';
import { functionsOf } from '../../infra/template/functions';
import { invokeWithEnv } from '../support/expect-error';
import { routedEvent } from '../../infra/local/invoke';
import { invoke, invokeShortLink, ROUTES } from '../support/invoke';
import { runBundle } from '../support/run-bundle';
import { codeOf } from '../support/short-url-host';

jest.setTimeout(60_000);

const output = capture();
beforeEach(() => output.clear());

const client = () => ({
  appkey: `http://t-${randomUUID()}.app/`,
  sourceIp: `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`,
});
const createTarget = (appkey: string, link: string) =>
  `/url/short/create?appkey=${encodeURIComponent(appkey)}&type=json&url=${encodeURIComponent(link)}`;
/** The names counted, each once (every count is published twice: by dimensions and in total). */
const names = () => [...new Set(output.counts().map((count) => count.name))];
const dimensionsOf = (name: string) => output.counts().flatMap((count) => (count.name === name ? [count.dimensions] : []));

test('a new short URL counts ShortUrlsCreated once; the same link again does not', async () => {
  const link = `https://news.test/${randomUUID()}`;
  const { appkey, sourceIp } = client();
  const first = await invoke(createTarget(appkey, link), { sourceIp });
  expect(first.statusCode).toBe(200);
  expect(names().sort()).toEqual(['Requests', 'ShortUrlsCreated']);
  // One EMF line for the invocation: ShortUrlsCreated in total, and by the request's dimensions.
  expect(output.metrics()).toHaveLength(1);
  expect(dimensionsOf('ShortUrlsCreated')).toEqual([{ endpoint: 'GET /url/short/create', type: 'json', status: '200' }, {}]);
  output.clear();
  expect((await invoke(createTarget(appkey, link), { sourceIp })).statusCode).toBe(200);
  expect(names()).toEqual(['Requests']);
  // The link is not logged: only the app key the request named.
  expect(output.logs()[0]).toMatchObject({ route: 'GET /url/short/create', app_key: appkey, status: 200 });
  expect(JSON.stringify(output.logs())).not.toContain('news.test');
});

test('a 503 of the rate limiter counts RateLimited, and Requests with status 503', async () => {
  const { appkey } = client();
  const env = { RATE_LIMIT_PER_APP_KEY: '1' };
  expect((await invokeWithEnv(env, createTarget(appkey, `https://news.test/${randomUUID()}`))).statusCode).toBe(200);
  output.clear();
  const refused = await invokeWithEnv(env, createTarget(appkey, `https://news.test/${randomUUID()}`));
  expect(refused.statusCode).toBe(503);
  expect(output.counts()).toEqual(
    expect.arrayContaining([
      { name: 'RateLimited', dimensions: {} },
      { name: 'Requests', dimensions: { endpoint: 'GET /url/short/create', type: 'json', status: '503' } },
    ]),
  );
  expect(names()).not.toContain('ShortUrlsCreated');
});

test('a redirect counts Redirects and logs one line with the code; a miss counts only Requests', async () => {
  const { appkey, sourceIp } = client();
  const made = await invoke(createTarget(appkey, `https://news.test/${randomUUID()}`), { sourceIp });
  const code = codeOf((JSON.parse(made.body) as { shorturls: { short_url: string }[] }).shorturls[0]!.short_url);
  output.clear();
  // The view's 0.5 s wait held, so that a busy machine's slow database cannot turn its view unconfirmed.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
  const response = await invokeShortLink(`/${code}`).finally(() => jest.useRealTimers());
  expect(response.statusCode).toBe(301);
  expect(names().sort()).toEqual(['Redirects', 'Requests']);
  expect(output.metrics()).toHaveLength(1);
  expect(dimensionsOf('Redirects')).toEqual([{ endpoint: 'GET /{code}', status: '301' }, {}]);
  const logs = output.logs();
  expect(logs).toMatchObject([{ level: 'INFO', route: 'GET /{code}', code, status: 301, function_name: 'RedirectFunction' }]);
  expect(typeof logs[0]!.duration_ms).toBe('number');
  expect(JSON.stringify(logs[0])).not.toContain('news.test');
  output.clear();
  expect((await invokeShortLink('/Zz9Zz9Q')).statusCode).toBe(404);
  expect(names()).toEqual(['Requests']);
  expect(dimensionsOf('Requests')).toEqual([{ endpoint: 'GET /{code}', status: '404' }, {}]);
  expect(output.logs()).toMatchObject([{ status: 404, code: 'Zz9Zz9Q' }]);
});

test('the esbuild ES-module bundle logs its request line and emits EMF (Powertools with middy 7)', async () => {
  const fn = functionsOf(loadTemplate()).find((f) => f.id === 'ErrorsFunction')!;
  const [built] = await buildFunctions([fn]);
  const { event } = routedEvent(ROUTES, { target: '/errors?appkey=http%3A%2F%2Fb.app%2F&type=json&callback=secretCb' });
  const answer = runBundle(built!.file, fn, event);
  expect(answer.statusCode).toBe(200);
  const lines = answer.output.map((line) => JSON.parse(line) as Record<string, unknown>);
  const log = lines.filter((line) => !('_aws' in line));
  const emf = lines.filter((line) => '_aws' in line);
  expect(log).toMatchObject([
    {
      level: 'INFO',
      message: 'request',
      route: 'GET /errors',
      type: 'json',
      app_key: 'http://b.app/',
      status: 200,
      function_request_id: 'bundle-test',
    },
  ]);
  expect(answer.output.join('\n')).not.toContain('secretCb');
  expect(emf).toMatchObject([{ Requests: 1, endpoint: 'GET /errors', type: 'json', status: '200' }]);
});
