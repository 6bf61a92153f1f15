/**
 * The local server tells `npm start`'s sample load of each request it is answering
 * (infra/local/in-flight.ts): from its arrival until its answer is sent, whatever the answer.
 */
import { freePort } from '../../infra/dynamodb/local';
import { RequestsInFlight } from '../../infra/local/in-flight';
import { startLocalServer } from '../../infra/local/server';
import { loadTemplate } from '../../infra/template/read';
import { routesOf } from '../../infra/template/routes';

test('a request counts from its arrival until it is answered, and the load waits for it', async () => {
  const requests = new RequestsInFlight();
  const answer = Promise.withResolvers<void>();
  const server = await startLocalServer({
    routes: routesOf(loadTemplate()).filter((route) => route.api === 'Api'),
    port: await freePort(),
    timeoutSeconds: 10,
    inFlight: requests,
    invoke: async () => {
      await answer.promise;
      return { statusCode: 200, headers: { 'Content-Type': 'application/json' }, body: '{}' };
    },
  });
  try {
    const response = fetch(`${server.url}/errors?appkey=http%3A%2F%2Fmy.app%2F`);
    while (requests.size === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    let idle = false;
    void requests.whenIdle(60_000).then(() => (idle = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect([requests.size, idle]).toEqual([1, false]);
    answer.resolve();
    expect((await response).status).toBe(200);
    while (!idle) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(requests.size).toBe(0);
    // the catch-all route's answer is counted and let go the same way
    expect((await fetch(`${server.url}/nowhere`)).status).toBe(200);
    expect(requests.size).toBe(0);
  } finally {
    await server.close();
  }
});
