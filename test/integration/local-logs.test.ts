/**
 * What `npm start` shows of its functions' logs, and whether the Lambda context they log is as
 * on Lambda: one short line a request by default, the functions' own JSON lines with
 * LOCAL_LOG_FORMAT=json; cold_start on each function's first invocation, and a request id of its
 * own for each of overlapping requests.
 */
import { startStack, type RunningStack } from '../../infra/start/process';

const KEY = 'appkey=http%3A%2F%2Fmy.app%2F';
/** The functions log as on Lambda (the tests' own processes keep them quiet). */
const AS_ON_LAMBDA = { POWERTOOLS_LOG_LEVEL: 'INFO', POWERTOOLS_METRICS_DISABLED: 'false', POWERTOOLS_DEV: undefined };

/** The stack's stdout lines from now on; `next(n)` waits for n more than were taken (30 s at most, then takes what came), and takes them. */
function lineReader(stack: RunningStack) {
  let text = '';
  let taken = 0;
  let arrived = () => {};
  stack.stdout.on('data', (chunk) => {
    text += String(chunk);
    arrived();
  });
  const lines = () => text.split('\n').filter((line) => line !== '');
  return async (count: number): Promise<string[]> => {
    const deadline = Date.now() + 30_000;
    while (lines().length < taken + count && Date.now() < deadline) {
      await new Promise<void>((more) => {
        const timer = setTimeout(more, deadline - Date.now());
        arrived = () => {
          clearTimeout(timer);
          more();
        };
      });
    }
    const next = lines().slice(taken, taken + count);
    taken += next.length;
    return next;
  };
}

const status = async (url: string): Promise<number> => (await fetch(url, { redirect: 'manual' })).status;

jest.setTimeout(60_000);
let short: RunningStack;
let json: RunningStack;
let nextShort: (count: number) => Promise<string[]>;
let nextJson: (count: number) => Promise<string[]>;
// Both started at once: a start is mostly waiting for its processes.
beforeAll(async () => {
  [short, json] = await Promise.all([
    startStack({ ...AS_ON_LAMBDA, LOCAL_LOG_FORMAT: undefined }),
    startStack({ ...AS_ON_LAMBDA, LOCAL_LOG_FORMAT: 'json' }),
  ]);
  nextShort = lineReader(short);
  nextJson = lineReader(json);
}, 120_000);
afterAll(() => Promise.all([short?.stop(), json?.stop()]));

describe('npm start, by default', () => {
  test('shows each request in one short line: time, method, path, status, type, duration, function, and the cold start', async () => {
    expect(await status(`${short.api}/errors?${KEY}&type=json`)).toBe(200);
    expect(await status(`${short.api}/errors?${KEY}`)).toBe(200);
    expect(await status(`${short.api}/container/nope?${KEY}&type=php`)).toBe(404);
    expect(await status(`${short.shortLinks}/Nope1234`)).toBe(404);
    expect(await nextShort(4)).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/errors 200 json \d+\.\d ms ErrorsFunction cold start$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/errors 200 xml \d+\.\d ms ErrorsFunction$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/container\/nope 404 php \d+\.\d ms ContainerFunction cold start$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d GET \/Nope1234 404 \d+\.\d ms RedirectFunction cold start$/),
    ]);
  });

  test('keeps the ready lines apart from the request lines', () => {
    expect(short.printed).toMatch(/listening at http:\/\/127\.0\.0\.1:\d+\n/);
    expect(short.printed).not.toContain('{');
  });
});

describe('npm start with LOCAL_LOG_FORMAT=json', () => {
  const requestLines = (lines: string[]) =>
    lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((entry) => entry.message === 'request');

  test('shows what the functions write: a JSON request line and an EMF line a request, cold_start on the first only', async () => {
    for (let i = 0; i < 2; i++) expect(await status(`${json.api}/containers?${KEY}&type=json`)).toBe(200);
    const lines = await nextJson(4);
    expect(lines.filter((line) => line.includes('"_aws"'))).toHaveLength(2);
    const requests = requestLines(lines);
    expect(requests.map((entry) => [entry.function_name, entry.route, entry.status, entry.cold_start])).toEqual([
      ['ContainersFunction', 'GET /containers', 200, true],
      ['ContainersFunction', 'GET /containers', 200, false],
    ]);
    // Lambda's request id is the invocation's, API Gateway's another.
    for (const entry of requests) expect(entry.function_request_id).not.toBe(entry.api_request_id);
  });

  test('overlapping requests each log their own request id, and the one cold start of their function', async () => {
    const types = ['xml', 'json', 'php', 'javascript'];
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => status(`${json.api}/galleryphotos?${KEY}&type=${types[i % 4]}&callback=f&count=${i + 1}`)),
    );
    expect(answers).toEqual(Array(16).fill(200));
    const requests = requestLines(await nextJson(32));
    expect(requests).toHaveLength(16);
    expect(new Set(requests.map((entry) => entry.function_request_id)).size).toBe(16);
    expect(new Set(requests.map((entry) => entry.api_request_id)).size).toBe(16);
    expect(requests.filter((entry) => entry.cold_start === true)).toHaveLength(1);
    expect(requests.map((entry) => entry.type).sort()).toEqual(types.flatMap((type) => Array(4).fill(type)).sort());
  });
});
