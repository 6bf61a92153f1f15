/** The load run's report: a row per endpoint (answers, throughput, latency, statuses), then the hot link. */
import { type Check, reportRun } from '../report/run-report';
import type { ScenarioOutcome } from './drive';
import { type HotLinkFigures, hotLinkLine, statusList } from './hot-link';

/** `partitionWrites`: the writes a second one key took, DynamoDB's limit modelled (docs/local.md). */
export async function reportLoad(
  { seconds, partitionWrites }: { seconds: number; partitionWrites: number },
  outcomes: readonly ScenarioOutcome[],
  hotLink: HotLinkFigures,
  checks: readonly Check[],
) {
  const rows = outcomes.map(({ scenario, result, statuses }) => [
    scenario.name,
    ...[scenario.connections, result.requests.total, Math.round(result.requests.average), result.latency.p50, result.latency.p99].map(
      String,
    ),
    statusList(statuses),
  ]);
  const total = outcomes.reduce((sum, { result }) => sum + Math.round(result.requests.average), 0);
  await reportRun(
    'load',
    `Every endpoint at once for ${seconds} s against \`npm start\` (DynamoDB Local taking ${partitionWrites} writes a second to one key, the sample gallery), from autocannon in another process on the same machine.`,
    [
      { header: ['endpoint', 'connections', 'answers', 'per second', 'p50 ms', 'p99 ms', 'statuses (javascript: in the body)'], rows },
      `All endpoints together: ${total} answers per second over ${seconds} s.`,
      `Then ${hotLinkLine(hotLink)}.`,
    ],
    checks,
  );
}
