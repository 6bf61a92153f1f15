/**
 * What npm start's sample load waits on (infra/local/in-flight.ts): the requests the local servers
 * are answering. It goes on once none is left, or after its longest wait under steady traffic.
 */
import { RequestsInFlight } from '../../infra/local/in-flight';

const settled = async (promise: Promise<void>, withinMs: number): Promise<boolean> =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), withinMs))]);

test('with no request in flight, it goes on at once', async () => {
  const requests = new RequestsInFlight();
  expect(await settled(requests.whenIdle(10_000), 5)).toBe(true);
});

test('it waits until the last request in flight is answered, every waiter alike', async () => {
  const requests = new RequestsInFlight();
  requests.enter();
  requests.enter();
  const first = requests.whenIdle(10_000);
  const second = requests.whenIdle(10_000);
  requests.leave();
  expect(await settled(first, 20)).toBe(false);
  expect(requests.size).toBe(1);
  requests.leave();
  expect(await settled(first, 20)).toBe(true);
  expect(await settled(second, 20)).toBe(true);
  expect(requests.size).toBe(0);
});

test('under steady traffic it goes on after its longest wait, so the load is slowed, never stopped', async () => {
  const requests = new RequestsInFlight();
  requests.enter();
  const started = performance.now();
  await requests.whenIdle(50);
  expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  expect(requests.size).toBe(1);
});

test('an answer more than was asked for leaves the count at none, not below', async () => {
  const requests = new RequestsInFlight();
  requests.leave();
  requests.enter();
  const idle = requests.whenIdle(10_000);
  expect(await settled(idle, 20)).toBe(false);
  requests.leave();
  expect(await settled(idle, 20)).toBe(true);
});
