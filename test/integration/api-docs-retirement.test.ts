/**
 * The reference page `npm start` serves at /docs/ retires with the API host it is on (docs/api.md,
 * Retirement; docs/reference-page.md): before the `api` group's sunset it answers 200 with the
 * API's Sunset; once retired, and in a brownout, 410 as a small HTML page saying why, as the rest
 * of the host answers 410 then. Three `npm start`s, one per schedule, set in their environment.
 */
import { startStack, type RunningStack } from '../../infra/start/process';
import { DEPRECATION } from '../support/expect-error';

const HTML = 'text/html; charset=utf-8';
const KEY = 'appkey=http%3A%2F%2Fmy.app%2F&type=json';

/** Each schedule's npm start: a sunset to come, one gone by, and a brownout around now with no sunset. */
const SCHEDULES = {
  before: { API_SUNSET_DATE: '2099-01-01' },
  retired: { API_SUNSET_DATE: '2020-01-01' },
  brownout: { API_BROWNOUTS: '2020-01-01T00:00:00Z/2099-01-01T00:00:00Z' },
};
const stacks: Partial<Record<keyof typeof SCHEDULES, RunningStack>> = {};

beforeAll(async () => {
  await Promise.all(
    Object.entries(SCHEDULES).map(async ([name, settings]) => {
      stacks[name as keyof typeof SCHEDULES] = await startStack(settings);
    }),
  );
}, 90_000);

afterAll(async () => {
  await Promise.all(Object.values(stacks).map((stack) => stack.stop()));
});

async function get(stack: keyof typeof SCHEDULES, path: string) {
  const response = await fetch(`${stacks[stack]!.api}${path}`, { redirect: 'manual' });
  const header = (name: string) => response.headers.get(name);
  const [type, sunset, deprecation, cache] = ['content-type', 'sunset', 'deprecation', 'cache-control'].map(header);
  return { status: response.status, type, sunset, deprecation, cache, body: await response.text() };
}

test('before the sunset: the page and its files answer 200, with Sunset and Deprecation as the API does', async () => {
  for (const path of ['/docs/', '/docs/swagger-ui.css']) {
    const answer = await get('before', path);
    expect(answer).toMatchObject({ status: 200, sunset: 'Thu, 01 Jan 2099 00:00:00 GMT', deprecation: DEPRECATION });
  }
  expect((await get('before', '/docs/')).body).toContain('<script src="swagger-ui-bundle.js">');
});

test.each([
  ['retired', 'retired on 2020-01-01', 'Wed, 01 Jan 2020 00:00:00 GMT'],
  ['brownout', 'brownout until 2099-01-01T00:00:00Z', null],
] as const)('%s: the page and its files answer 410 as an HTML page saying why, as the API host does', async (stack, why, sunset) => {
  for (const path of ['/docs/', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui.css']) {
    const answer = await get(stack, path);
    expect(answer).toMatchObject({ status: 410, type: HTML, sunset, deprecation: DEPRECATION, cache: 'no-store' });
    expect(answer.body).toMatch(/^<!doctype html>.*<title>Gone<\/title>/);
    expect(answer.body).toContain(`(${why})`);
    expect(answer.body).not.toContain('swagger');
  }
  const api = await get(stack, `/errors?${KEY}`);
  expect(api.status).toBe(410);
  expect(JSON.parse(api.body)).toEqual({ code: 404, message: `Not found: ${why}` });
});
