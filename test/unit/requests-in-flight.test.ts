/**
 * What npm start's sample load waits on (infra/local/in-flight.ts): the requests the local servers
 * are answering. It goes on once none is left, or after its longest wait under steady traffic.
 *
 * The wait is on jest's clock: whether a wait has ended is read after the promises have run (a
 * turn of the event loop, which stays real), and the longest wait is moved through to the millisecond.
 */
import { setImmediate as aTurn } from 'node:timers/promises';
import { RequestsInFlight } from '../../infra/local/in-flight';

beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate'] }));
afterEach(() => jest.useRealTimers());

/** Whether `promise` has settled once everything already under way has run, the clock not moving. */
const settled = (promise: Promise<void>): Promise<boolean> => Promise.race([promise.then(() => true), aTurn(false)]);

test('with no request in flight, it goes on at once', async () => {
  const requests = new RequestsInFlight();
  expect(await settled(requests.whenIdle(10_000))).toBe(true);
});

test('it waits until the last request in flight is answered, every waiter alike', async () => {
  const requests = new RequestsInFlight();
  requests.enter();
  requests.enter();
  const first = requests.whenIdle(10_000);
  const second = requests.whenIdle(10_000);
  requests.leave();
  await jest.advanceTimersByTimeAsync(10_000 - 1);
  expect([await settled(first), await settled(second)]).toEqual([false, false]);
  expect(requests.size).toBe(1);
  requests.leave();
  expect([await settled(first), await settled(second)]).toEqual([true, true]);
  expect(requests.size).toBe(0);
});

test('under steady traffic it goes on after its longest wait, so the load is slowed, never stopped', async () => {
  const requests = new RequestsInFlight();
  requests.enter();
  const idle = requests.whenIdle(50);
  await jest.advanceTimersByTimeAsync(49);
  expect(await settled(idle)).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(await settled(idle)).toBe(true);
  expect(requests.size).toBe(1);
});

test('an answer more than was asked for leaves the count at none, not below', async () => {
  const requests = new RequestsInFlight();
  requests.leave();
  requests.enter();
  const idle = requests.whenIdle(10_000);
  expect(await settled(idle)).toBe(false);
  requests.leave();
  expect(await settled(idle)).toBe(true);
});
