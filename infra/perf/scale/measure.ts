/**
 * What a first page of each gallery route reads and takes on the grown gallery, in the default
 * sort: the figures `npm run cost` prices a gallery request by. Each request goes through its
 * function's handler in-process, once with every command's capacity recorded
 * (../../dynamodb/read-capacity.ts), sized by AWS's rules with AWS's minimums, which DynamoDB
 * Local leaves out (half a unit for a Query, and for each key a BatchGetItem asks for, found or
 * not), then timed.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { handlerOf, routedEvent } from '../../local/invoke';
import { APP_KEY, benchContext, must } from '../bench/setup/project';
import { computedUnits, recordCapacity, sum, type Sent } from '../../dynamodb/read-capacity';
import type { Route } from '../../template/routes';
import type { Named } from './data';

/** The sort cost prices by: the API's default. */
export const SORT = 'submit_date-desc';

const ROUTES: ReadonlyArray<readonly [string, (named: Named) => string]> = [
  ['/galleryphotos', () => '/galleryphotos'],
  ['/galleryphotos/{list}', (n) => `/galleryphotos/${n.list.join(',')}`],
  ['/galleryphoto/{id}', (n) => `/galleryphoto/${n.photo}`],
  ['/galleryphotos/comments', () => '/galleryphotos/comments'],
  ['/galleryphotos/{list}/comments', (n) => `/galleryphotos/${n.list.join(',')}/comments`],
  ['/galleryphoto/{id}/comments', (n) => `/galleryphoto/${n.photo}/comments`],
  ['/galleryphoto/{id}/comment/{comment_id}', (n) => `/galleryphoto/${n.photo}/comment/${n.comment}`],
  ['/galleryphoto/{id}/comment/{comment_id}/replies', (n) => `/galleryphoto/${n.photo}/comment/${n.comment}/replies`],
];

export interface Measurement {
  /** `<route> <sort>`, as measured.json keys it. */
  readonly label: string;
  /** Read capacity units by AWS's rules. */
  readonly aws: number;
  /** Median of the timed calls. */
  readonly latencyMs: number;
}

const TIMED_CALLS = 9;
/** What reading one item costs at least: half a unit (eventually consistent, under 4 KB); an absent item too. */
const ITEM_RCU = 0.5;

async function awsUnits(sent: Sent, check: DynamoDBDocumentClient): Promise<number> {
  const bySize = sum(await computedUnits(sent, check));
  if (sent.command === 'QueryCommand') return Math.max(ITEM_RCU, bySize);
  const asked = Object.values(sent.input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((n, r) => n + r.Keys.length, 0);
  const found = Object.values((sent.output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
  return bySize + ITEM_RCU * (asked - found);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** `functionsClient` is lib/db/client.ts's, which the handlers share; `check` a client of the run's own, which sizes what was read. */
export async function measure(
  named: Named,
  routes: readonly Route[],
  functionsClient: DynamoDBDocumentClient,
  check: DynamoDBDocumentClient,
): Promise<Measurement[]> {
  const results: Measurement[] = [];
  for (const [path, target] of ROUTES) {
    const label = `${path} ${SORT}`;
    const url = `${target(named)}?sort=${SORT}&type=json&appkey=${encodeURIComponent(APP_KEY)}`;
    const { route } = routedEvent(routes, { target: url });
    const handler = await handlerOf(route.fn);
    const call = async () => {
      const event = routedEvent(routes, { target: url, headers: { host: 'scale.local' }, host: 'scale.local' }).event;
      must(label, await handler(event, benchContext(route.fn.id)), 200);
    };
    const sent: Sent[] = [];
    const stop = recordCapacity(functionsClient, sent);
    await call().finally(stop);
    let aws = 0;
    for (const s of sent) aws += await awsUnits(s, check);
    const times: number[] = [];
    for (let i = 0; i < TIMED_CALLS + 2; i++) {
      const started = performance.now();
      await call();
      if (i >= 2) times.push(performance.now() - started);
    }
    results.push({ label, aws, latencyMs: median(times) });
  }
  return results;
}
