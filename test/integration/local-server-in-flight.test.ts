/**
 * The local server tells `npm start`'s sample load of each request it is answering
 * (infra/local/in-flight.ts): from its arrival until its answer is sent, whatever the answer.
 * The test holds each answer until it has seen the request counted and the load waiting.
 */
import { setImmediate as aTurn } from 'node:timers/promises';
import { freePort } from '../../infra/dynamodb/local';
import { RequestsInFlight } from '../../infra/local/in-flight';
import { startLocalServer } from '../../infra/local/server';
import { loadTemplate } from '../../infra/template/read';
import { routesOf } from '../../infra/template/routes';

// Past jest's 5 s on a busy machine (loading the template, starting the server): no rule of time here.
jest.setTimeout(60_000);

test('a request counts from its arrival until it is answered, and the load waits for it; the catch-all route’s alike', async () => {
  const requests = new RequestsInFlight();
  let invoked = Promise.withResolvers<void>();
  let answer = Promise.withResolvers<void>();
  const server = await startLocalServer({
    routes: routesOf(loadTemplate()).filter((route) => route.api === 'Api'),
    port: await freePort(),
    timeoutSeconds: 10,
    inFlight: requests,
    invoke: async () => {
      invoked.resolve();
      await answer.promise;
      return { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };
    },
  });
  try {
    for (const path of ['/errors?appkey=http%3A%2F%2Fmy.app%2F', '/nowhere']) {
      invoked = Promise.withResolvers();
      answer = Promise.withResolvers();
      const response = fetch(`${server.url}${path}`);
      await invoked.promise;
      let idle = false;
      // The load's longest wait is far beyond this test's: only the answer can end it.
      const waiting = requests.whenIdle(600_000).then(() => (idle = true));
      await aTurn();
      expect([path, requests.size, idle]).toEqual([path, 1, false]);
      answer.resolve();
      expect((await response).status).toBe(200);
      await waiting;
      expect(requests.size).toBe(0);
    }
  } finally {
    await server.close();
  }
});
