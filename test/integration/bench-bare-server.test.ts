/**
 * The throughput section's yardstick against what it stands in for: the bare node:http server
 * (infra/perf/bench/http/bare-server.ts), handed the local stack's answer to GET /containers?type=json as
 * the bench captures it, answers with those very body bytes and the same header lines, in the
 * same order, as the stack's server (infra/perf/bench/http/stack-server.ts) sends for that request; both
 * in child processes, as the bench runs them.
 */
import { captureResponse, fetchRaw, type CapturedResponse } from '../../infra/perf/bench/http/captured-response';
import { functionProcessEnv } from '../../infra/perf/bench/setup/project';
import { startServerProcess, type ServerProcess } from '../../infra/perf/bench/http/server-process';
import { query } from '../../infra/perf/bench/setup/subjects';

const TARGET = `/containers?${query('json')}`;
/** Raw header lines with the Date's value blanked: each server writes the time of its own answer. */
const withoutDate = (rawHeaders: readonly string[]) =>
  rawHeaders.map((value, i) => (i % 2 === 1 && rawHeaders[i - 1]!.toLowerCase() === 'date' ? '<date>' : value));

let stack: ServerProcess;
let bare: ServerProcess;
let captured: CapturedResponse;

beforeAll(async () => {
  const env = functionProcessEnv();
  stack = await startServerProcess('infra/perf/bench/http/stack-server.ts', env, { api: 'Api' });
  captured = await captureResponse(stack.url + TARGET);
  bare = await startServerProcess('infra/perf/bench/http/bare-server.ts', env, captured);
}, 60_000);

afterAll(async () => {
  await Promise.all([stack?.stop(), bare?.stop()]);
});

test("the captured answer is the stack's JSON list of containers", () => {
  const body = Buffer.from(captured.body, 'base64').toString('utf8');
  expect(captured.status).toBe(200);
  expect(JSON.parse(body)).toMatchObject({ containers: expect.any(Array) });
  // What node:http writes on every answer is left to the replaying server.
  expect(captured.headers.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase())).not.toEqual(expect.arrayContaining(['date']));
});

test("the bare server answers with the captured body, byte for byte, and the stack's header lines", async () => {
  const [fromStack, fromBare] = await Promise.all([fetchRaw(stack.url + TARGET), fetchRaw(bare.url + TARGET)]);
  expect(fromBare.status).toBe(fromStack.status);
  expect(fromBare.body.equals(Buffer.from(captured.body, 'base64'))).toBe(true);
  // The stack renders its timestamp afresh each second; the length of its answer does not change.
  expect(fromBare.body.length).toBe(fromStack.body.length);
  expect(withoutDate(fromBare.rawHeaders)).toEqual(withoutDate(fromStack.rawHeaders));
  expect(fromStack.rawHeaders.map((h) => h.toLowerCase())).toEqual(
    expect.arrayContaining(['content-type', 'content-length', 'date', 'cache-control']),
  );
});
