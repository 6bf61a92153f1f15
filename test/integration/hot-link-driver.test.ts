/**
 * The hot-link figures the load run and the bench report (infra/perf/load/hot-link.ts), against a
 * stand-in short-link host on loopback whose answers and counted views the test chooses: what is
 * counted, and when the verdict "every visit redirected, every redirect counted once" holds.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hotLinkHeld, hotLinkLine, visitHotLink } from '../../infra/perf/load/hot-link';

jest.setTimeout(60_000);

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((closed) => server.close(closed)))));

/** A host that answers each visit `answer(n)` (the n-th visit, from 0; 301 unless given) and counts `counts(n)` views for it (1). */
async function standIn({ answer = () => 301, counts = () => 1 }: { answer?: (n: number) => number; counts?: (n: number) => number } = {}) {
  let visits = 0;
  let views = 0;
  const server = createServer((_request, response) => {
    const n = visits++;
    views += counts(n);
    response.writeHead(answer(n), { Location: 'https://www.example.org/' }).end();
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}/Abc1234`, views: async () => views };
}

test('every visit answered 301 and counted once: the figures say so, and it holds', async () => {
  const host = await standIn();
  const figures = await visitHotLink(host, { connections: 50, seconds: 1 });
  expect(figures.answers).toBeGreaterThan(50);
  expect(figures.statuses).toEqual(new Map([[301, figures.answers]]));
  expect(figures.redirectShare).toBe(1);
  expect(figures.sent).toBeGreaterThanOrEqual(figures.answers);
  expect(figures.viewsCounted).toBe(figures.sent);
  expect(figures.unanswered).toBe(0);
  expect(figures.redirectsPerSecond).toBeGreaterThan(0);
  expect(hotLinkHeld(figures)).toBe(true);
  expect(hotLinkLine(figures)).toContain(`100.0 % of ${figures.answers} visits answered 301`);
});

test('visits answered 503 do not hold, nor do views lost or counted twice', async () => {
  const refusing = await standIn({ answer: (n) => (n % 10 === 0 ? 503 : 301) });
  const losing = await standIn({ counts: (n) => (n % 10 === 0 ? 0 : 1) });
  const doubling = await standIn({ counts: (n) => (n === 0 ? 2 : 1) });
  // A stand-in counts each view as it answers: no view lands a second after the visits, let alone ten.
  const visit = (host: { url: string; views: () => Promise<number> }) =>
    visitHotLink(host, { connections: 20, seconds: 1, settleMs: 1_000 });
  const [refused, lost, doubled] = await Promise.all([visit(refusing), visit(losing), visit(doubling)]);
  expect(refused.statuses.get(503)).toBeGreaterThan(0);
  expect(refused.redirectShare).toBeLessThan(1);
  expect(lost.viewsCounted).toBeLessThan(lost.sent);
  expect(doubled.viewsCounted).toBeGreaterThan(doubled.sent);
  for (const figures of [refused, lost, doubled]) expect(hotLinkHeld(figures)).toBe(false);
});
