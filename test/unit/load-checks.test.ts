/**
 * `npm run load`'s verdict on the answers: a scenario passes only when every answer was one it
 * allows, it got answers at all, and no connection failed or timed out.
 */
import type autocannon from 'autocannon';
import { answerChecks } from '../../infra/perf/load/checks';
import type { ScenarioOutcome } from '../../infra/perf/load/drive';
import type { Scenario } from '../../infra/perf/load/scenarios';

const requests: Scenario['requests'] = [{ method: 'GET', path: '/errors?type=json', type: 'json' }];
const scenario: Scenario = { name: 'GET /errors', functionId: 'ErrorsFunction', host: 'api', requests, expected: [200], connections: 1 };

/** The outcome of `scenario`: how many answers of each status, its failures, and the answers it did not allow. */
function outcome(statuses: Record<number, number>, failures: Partial<autocannon.Result> = {}, unexpected: string[] = []): ScenarioOutcome {
  const result = { errors: 0, timeouts: 0, ...failures } as autocannon.Result;
  const counts = new Map(Object.entries(statuses).map(([status, count]) => [Number(status), count]));
  return { scenario, result, statuses: counts, unexpected, shortUrls: new Map() };
}

test('only allowed answers: PASS, with the count', () => {
  expect(answerChecks([outcome({ 200: 12 })])).toEqual([expect.objectContaining({ pass: true, detail: '12 answers' })]);
});

test.each([
  ['an answer it does not allow', outcome({ 200: 10, 500: 2 }, {}, ['GET /errors?type=json: 500 …']), /2 unexpected; GET \/errors/],
  ['connection errors', outcome({ 200: 10 }, { errors: 3 }), /3 connection errors/],
  ['timeouts', outcome({ 200: 10 }, { timeouts: 1 }), /1 timeouts/],
  ['no answer at all', outcome({}), /no answer at all/],
])('%s: FAIL, saying why', (_name, given, why) => {
  expect(answerChecks([given])).toEqual([expect.objectContaining({ pass: false, detail: expect.stringMatching(why) })]);
});
