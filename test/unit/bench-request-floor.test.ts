/**
 * The DynamoDB functions' request floors (infra/perf/bench/README.md): the requests a function
 * sent in its cold start as rounds that DatabaseFloor replays (request-floors.ts), and
 * the cold-start figure its target holds, the cold start beyond those requests' as a share of
 * DatabaseFloor's (targets.ts).
 */
import type { Subject } from '../../infra/perf/bench/subjects';
import { coldFigure, TARGETS } from '../../infra/perf/bench/targets';
import { describeScript, requestsOf, scriptOf, type Exchange } from '../../infra/perf/bench/request-floors';

const sent = (request: string, n: number): Exchange => ({ request, body: { TableName: 't', Key: { pk: { S: `k${n}` } } } });
const answer: Exchange = { answer: true };

test('requests sent before any answer came back are one round; the next request after an answer starts another', () => {
  // A thread's listing: its Query and the counters' BatchGetItem at once, then the records.
  const script = scriptOf([sent('Query', 1), sent('BatchGetItem', 2), answer, answer, sent('BatchGetItem', 3), answer]);
  expect(script.map((round) => round.map((r) => r.operation))).toEqual([['Query', 'BatchGetItem'], ['BatchGetItem']]);
  expect(script[1]![0]!.input).toEqual({ TableName: 't', Key: { pk: { S: 'k3' } } });
  expect(requestsOf(script)).toBe(3);
  expect(describeScript(script)).toBe('Query + BatchGetItem, then BatchGetItem');
});

test('a request sent once one of several answers is back starts a round of its own', () => {
  const script = scriptOf([sent('BatchGetItem', 1), answer, sent('Query', 2), sent('Query', 3), answer, sent('Query', 4), answer, answer]);
  expect(describeScript(script)).toBe('BatchGetItem, then Query + Query, then Query');
  expect(describeScript(scriptOf([]))).toBe('none');
});

test('an operation a request floor cannot replay is refused, not dropped', () => {
  expect(() => scriptOf([sent('Scan', 1), answer])).toThrow('a request floor cannot replay Scan');
});

const subject = (id: string, database: boolean, ms: number) => ({ subject: { id, database } as Subject, ms });

test('a DynamoDB function is held by what it takes beyond its requests on DatabaseFloor, as a share of DatabaseFloor', () => {
  const [fn, floor, requestFloor] = [subject('Fn', true, 780), subject('DatabaseFloor', true, 600), subject("Fn's requests", true, 690)];
  const ofNs = (s: Subject) => [fn, floor, requestFloor].find((x) => x.subject === s)!.ms;
  const coldLimit = TARGETS.databaseColdBeyondRequestsPerFloor;
  const limits = { floor: floor.subject, requestFloor: requestFloor.subject, bytesLimit: 1.3, coldLimit };
  expect(coldFigure(ofNs, fn.subject, limits)).toBeCloseTo(0.15, 10);
  // One GetItem's function against DatabaseFloor itself: the old 1.3 × is the same 0.3 beyond.
  expect(coldFigure(ofNs, fn.subject, { ...limits, requestFloor: floor.subject })).toBeCloseTo(0.3, 10);
  expect(() => coldFigure(ofNs, fn.subject, { ...limits, requestFloor: undefined })).toThrow("Fn's requests were not recorded");
});

test('a function without DynamoDB is held by its multiple of StaticFloor', () => {
  const [fn, floor] = [subject('Errors', false, 140), subject('StaticFloor', false, 100)];
  const ofNs = (s: Subject) => (s === fn.subject ? fn.ms : floor.ms);
  expect(coldFigure(ofNs, fn.subject, { floor: floor.subject, bytesLimit: 1.4, coldLimit: 1.5 })).toBeCloseTo(1.4, 10);
});
