/** The load run's report (../report/run-report.ts): a table per endpoint (answers, throughput, p50/p99 latency, statuses), then the hot link. */
import type { Check } from '../report/checks';
import { reportRun } from '../report/run-report';
import type { ScenarioOutcome } from './drive';
import { type HotLinkFigures, hotLinkLine, statusList } from './hot-link';

export interface LoadRun {
  readonly seconds: number;
  readonly outcomes: readonly ScenarioOutcome[];
  readonly hotLink: HotLinkFigures;
  readonly checks: readonly Check[];
}

export async function reportLoad(run: LoadRun): Promise<void> {
  const endpoints = run.outcomes.map(({ scenario, result, statuses }) => ({
    endpoint: scenario.name,
    connections: scenario.connections,
    answers: result.requests.total,
    perSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    statuses: statusList(statuses),
  }));
  const total = endpoints.reduce((sum, row) => sum + row.perSecond, 0);
  await reportRun({
    run: 'load',
    about: `Every endpoint at once for ${run.seconds} s against \`npm start\` (DynamoDB Local, the sample gallery), from autocannon in another process on the same machine.`,
    parts: [
      {
        header: ['endpoint', 'connections', 'answers', 'per second', 'p50 ms', 'p99 ms', 'statuses (javascript: in the body)'],
        rows: endpoints.map((row) => [
          row.endpoint,
          ...[row.connections, row.answers, row.perSecond, row.p50, row.p99].map(String),
          row.statuses,
        ]),
      },
      `All endpoints together: ${total} answers per second over ${run.seconds} s.`,
      `Then ${hotLinkLine(run.hotLink)}.`,
    ],
    checks: run.checks,
    figures: { seconds: run.seconds, endpoints, hotLink: { ...run.hotLink, statuses: Object.fromEntries(run.hotLink.statuses) } },
  });
}
