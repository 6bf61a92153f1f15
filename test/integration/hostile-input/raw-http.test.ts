/**
 * Hostile input over HTTP: the local server that `npm start` runs, sent raw bytes with node:net
 * (test/support/hostile-input/raw-http.ts), with raw non-ASCII and control bytes, odd methods,
 * hostile Host headers, absolute-form targets and heads past Node's limit. Node's parser refuses
 * some itself (400, 431), exactly the ones sendRaw predicts; every other one gets the
 * answer the oracle expects, for the API and for the short-link host.
 */
import fc from 'fast-check';
import { type LocalServer, startLocalServer } from '../../../infra/local/server';
import { checkRequest, type PendingPhp, TIMEOUT, verifyPhp } from '../../support/hostile-input/check';
import { galleryPathWire } from '../../support/hostile-input/gallery-wire';
import {
  ABSOLUTE_AUTHORITY,
  asSent,
  exchange,
  hostWire,
  httpMethodWire,
  nearTheLimit,
  sendRaw,
  servedAnswer,
} from '../../support/hostile-input/raw-http';
import { useGallerySeeds } from '../../support/hostile-input/seeds';
import {
  checkShortLink,
  expectViewCounts,
  readNotFoundPage,
  shortLinkMethod,
  shortLinkTarget,
} from '../../support/hostile-input/short-link';
import { storeVisited } from '../../support/hostile-input/short-urls';
import { hostileWire, sometimesLong } from '../../support/hostile-input/strings';
import { argument, COMMON_ARGUMENT_WIRES, KEY_ARGUMENT, nameWire, pathWire, requests, segmentWire } from '../../support/hostile-input/wire';
import { ROUTES, SHORT_LINK_ROUTES } from '../../support/invoke';

jest.setTimeout(TIMEOUT);

const servers: { api?: LocalServer; shortLinks?: LocalServer } = {};

useGallerySeeds();

beforeAll(async () => {
  await storeVisited();
  await readNotFoundPage();
  servers.api = await startLocalServer({ routes: ROUTES, port: 0, timeoutSeconds: 10 });
  servers.shortLinks = await startLocalServer({ routes: SHORT_LINK_ROUTES, port: 0, timeoutSeconds: 10 });
});

afterAll(async () => {
  await servers.api?.close();
  await servers.shortLinks?.close();
});

it("raw bytes, odd methods, hostile Host and Accept headers, heads past Node's limit: Node's 400 or 431, else the answer the oracle expects", async () => {
  const arb = fc
    .tuple(
      requests({
        method: httpMethodWire,
        path: fc.oneof({ weight: 3, arbitrary: pathWire(segmentWire) }, pathWire(sometimesLong(segmentWire)), galleryPathWire),
        args: COMMON_ARGUMENT_WIRES,
        extra: argument(sometimesLong(nameWire), sometimesLong(hostileWire)),
        maxExtra: 2,
      }),
      hostWire,
      fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true)),
    )
    .map(([request, host, absoluteForm]) => asSent({ ...request, ...(host === undefined ? {} : { host }), absoluteForm }))
    .filter((request) => !nearTheLimit(request));
  const pendingPhp: PendingPhp[] = [];
  const verdicts = new Map<string, number>();
  const count = (what: string) => verdicts.set(what, (verdicts.get(what) ?? 0) + 1);
  await fc.assert(
    fc.asyncProperty(arb, async (request) => {
      const answer = await sendRaw(servers.api!, request);
      if ('refused' in answer) return void count(`refused ${answer.refused}`);
      count(request.absoluteForm ? 'served absolute-form' : 'served');
      await checkRequest(request, pendingPhp, async () => answer.served);
    }),
    { numRuns: 200 },
  );
  await verifyPhp(pendingPhp);
  // Each kind of answer came up: the properties reach the server's code, and Node's refusals.
  for (const what of ['served', 'served absolute-form', 'refused 400', 'refused 431'])
    expect([what, (verdicts.get(what) ?? 0) > 5]).toEqual([what, true]);
});

it("the short-link host over HTTP: Node's 400 or 431, else the 301 to a stored code's link or the one 404 page", async () => {
  const arb = fc
    .tuple(shortLinkTarget, fc.oneof(shortLinkMethod, httpMethodWire), hostWire, fc.boolean())
    .map(([path, method, host, absoluteForm]) => asSent({ method, path, query: [], ...(host === undefined ? {} : { host }), absoluteForm }))
    .filter((request) => !nearTheLimit(request));
  let served = 0;
  await fc.assert(
    fc.asyncProperty(arb, async (request) => {
      const answer = await sendRaw(servers.shortLinks!, request);
      if ('refused' in answer) return;
      served += 1;
      checkShortLink(request.path, request.method, answer.served, true);
    }),
    { numRuns: 150 },
  );
  expect(served).toBeGreaterThan(50);
  await expectViewCounts();
});

it('CONNECT, a 10 MB body, a request line split by CR LF, HTTP/1.0 without Host, an absolute-form target: never a 5xx, and the server keeps serving', async () => {
  const api = servers.api!;
  const raw = (text: string, body = Buffer.alloc(0)) => exchange(api, Buffer.concat([Buffer.from(text, 'latin1'), body]));
  /** Checks `answer` as the oracle's for `method path?appkey=…&type=…`. */
  const served = (answer: Awaited<ReturnType<typeof raw>>, method: string, path: string, type: string) =>
    checkRequest({ method, path, query: [KEY_ARGUMENT, `type=${type}`] }, [], async () => servedAnswer(answer, method));
  // CONNECT is a proxy's method: Node hands it to a 'connect' listener, the server has none,
  // and Node closes the connection unanswered.
  expect(await raw('CONNECT 127.0.0.1:80 HTTP/1.1\r\nHost: 127.0.0.1:80\r\n\r\n')).toBeUndefined();
  // API Gateway passes bodies up to 10 MB; no GET handler reads one, and a POST is the catch-all's.
  const body = Buffer.alloc(10 * 1024 * 1024, 0xff);
  for (const method of ['GET', 'POST']) {
    const request = `${method} /errors?${KEY_ARGUMENT}&type=json HTTP/1.1\r\nHost: a\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    await served(await raw(request, body), method, '/errors', 'json');
  }
  // A CR LF in the target ends the request line: Node reads an HTTP/0.9 `GET /errors?...` and
  // the rest as headers, and the answer is that request's; nothing injected reaches it.
  const split = await raw(`GET /errors?${KEY_ARGUMENT}&type=json\r\nX-Injected: <b> HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`);
  await served(split, 'GET', '/errors', 'json');
  // HTTP/1.0 needs no Host.
  await served(await raw(`GET /container/offbeat?${KEY_ARGUMENT}&type=xml HTTP/1.0\r\n\r\n`), 'GET', '/container/offbeat', 'xml');
  // Regression: an absolute-form target (RFC 9112, 3.2.2: a server must take it) was routed
  // whole, `http://host/error/1014` matching no route, and answered the catch-all's 404.
  const absolute = `GET http://${ABSOLUTE_AUTHORITY}/error/1014?${KEY_ARGUMENT}&type=json HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n`;
  await served(await raw(absolute), 'GET', '/error/1014', 'json');
});
