/**
 * Each request's cost: invoked through its function's handler (loaded from source, in-process)
 * against the run's DynamoDB Local, once with every command's consumed capacity recorded
 * (infra/perf/bench/dynamodb/read-capacity.ts), then timed. Capacity is given two ways: as DynamoDB Local
 * reports it, and by AWS's rules from the sizes read with AWS's minimums (half a unit for a
 * Query, and for each key a BatchGetItem asks for, even when nothing is found), which DynamoDB
 * Local leaves out.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { handlerOf, routedEvent } from '../../local/invoke';
import { APP_KEY, benchContext, must } from '../bench/setup/lambda';
import { computedUnits, recordCapacity, reportedUnits, sum, type Sent } from '../bench/dynamodb/read-capacity';
import type { Route } from '../../template/routes';
import type { Named } from './data';
import { labelOf, type ScaleRequest } from './requests';

export interface Measurement {
  readonly label: string;
  readonly request: ScaleRequest;
  /** What the answer's `total` said. */
  readonly total: number;
  /** The commands sent, e.g. `BatchGetItem ×2, Query ×31`. */
  readonly commands: string;
  /** Read capacity units, as DynamoDB Local reported them, and by AWS's rules with its minimums. */
  readonly reported: number;
  readonly aws: number;
  /** Median of the timed calls, in milliseconds. */
  readonly latencyMs: number;
}

const TIMED_CALLS = 9;

function commandsOf(sent: readonly Sent[]): string {
  const counts = new Map<string, number>();
  for (const s of sent) counts.set(s.command.replace(/Command$/, ''), (counts.get(s.command.replace(/Command$/, '')) ?? 0) + 1);
  return [...counts].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(', ');
}

/** What reading one item costs at least: half a unit (eventually consistent, under 4 KB); an absent item too. */
export const ITEM_RCU = 0.5;

async function awsUnits(sent: Sent, check: DynamoDBDocumentClient): Promise<number> {
  const bySize = sum(await computedUnits(sent, check));
  if (sent.command === 'QueryCommand') return Math.max(ITEM_RCU, bySize);
  const asked = Object.values(sent.input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((n, r) => n + r.Keys.length, 0);
  const found = Object.values((sent.output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
  return bySize + ITEM_RCU * (asked - found);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Measures each request on the gallery at hand. `functionsClient` is lib/db/client.ts's, which
 * the handlers share; `check` a client of the run's own, which sizes what was read.
 */
export async function measure(
  requests: readonly ScaleRequest[],
  named: Named,
  routes: readonly Route[],
  functionsClient: DynamoDBDocumentClient,
  check: DynamoDBDocumentClient,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const request of requests) {
    const target = `${request.target(named)}&type=json&appkey=${encodeURIComponent(APP_KEY)}`;
    const { route } = routedEvent(routes, { target });
    const handler = await handlerOf(route.fn);
    const call = () =>
      handler(routedEvent(routes, { target, headers: { host: 'scale.local' }, host: 'scale.local' }).event, benchContext(route.fn.id));
    const sent: Sent[] = [];
    const stop = recordCapacity(functionsClient, sent);
    let body: string;
    try {
      const answer = await call();
      must(labelOf(request), answer, 200);
      body = answer.body ?? '';
    } finally {
      stop();
    }
    let aws = 0;
    for (const s of sent) aws += await awsUnits(s, check);
    const reported = sent.reduce((n, s) => n + sum(reportedUnits(s) ?? new Map()), 0);
    const times: number[] = [];
    for (let i = 0; i < TIMED_CALLS + 2; i++) {
      const started = performance.now();
      must(labelOf(request), await call(), 200);
      if (i >= 2) times.push(performance.now() - started);
    }
    results.push({
      label: labelOf(request),
      request,
      total: Number((JSON.parse(body) as { total: string }).total),
      commands: commandsOf(sent),
      reported,
      aws,
      latencyMs: median(times),
    });
  }
  return results;
}
