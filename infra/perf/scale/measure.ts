/**
 * Each gallery route's first page in the default sort, in-process: read units by AWS's rules
 * (../../dynamodb/read-capacity.ts) with the minimums DynamoDB Local leaves out, and time.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { computedUnits, recordCapacity, type Sent, sum } from '../../dynamodb/read-capacity';
import { handlerOf, routedEvent } from '../../local/invoke';
import { benchContext, GALLERY_FUNCTIONS, galleryPath, must, routes, typedPath } from '../bench/project';
import { median } from '../bench/stats';
import type { Named } from './data';

/** The sort cost prices by: the API's default. */
export const SORT = 'submit_date-desc';
const TIMED_CALLS = 9;
/** The least a read costs: half a unit (eventually consistent, under 4 KB), for an absent item too. */
const ITEM_RCU = 0.5;

export interface Measurement {
  /** `<route> <sort>`, as measured.json keys it. */
  readonly label: string;
  readonly aws: number;
  readonly latencyMs: number;
}

async function awsUnits(sent: Sent, check: DynamoDBDocumentClient): Promise<number> {
  const bySize = sum(await computedUnits(sent, check));
  if (sent.command === 'QueryCommand') return Math.max(ITEM_RCU, bySize);
  const asked = Object.values(sent.input.RequestItems as Record<string, { Keys: unknown[] }>).reduce((n, r) => n + r.Keys.length, 0);
  const found = Object.values((sent.output.Responses ?? {}) as Record<string, unknown[]>).reduce((n, items) => n + items.length, 0);
  return bySize + ITEM_RCU * (asked - found);
}

/** `functionsClient`: lib/db/client.ts's, the handlers'; `check`: the run's own, which sizes what was read. */
export async function measure(named: Named, functionsClient: DynamoDBDocumentClient, check: DynamoDBDocumentClient) {
  const results: Measurement[] = [];
  for (const route of routes.filter((r) => GALLERY_FUNCTIONS.includes(r.fn.id))) {
    const label = `${route.path} ${SORT}`;
    const target = typedPath(`${galleryPath(route.path, named)}?sort=${SORT}`, 'json');
    const handler = await handlerOf(route.fn);
    const call = async () => {
      const { event } = routedEvent(routes, { target, headers: { host: 'scale.local' }, host: 'scale.local' });
      must(label, await handler(event, benchContext(route.fn.id)), 200);
    };
    const sent: Sent[] = [];
    const stop = recordCapacity(functionsClient, sent);
    await call().finally(stop);
    let aws = 0;
    for (const s of sent) aws += await awsUnits(s, check);
    await call();
    await call();
    const times: number[] = [];
    for (let i = 0; i < TIMED_CALLS; i++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    results.push({ label, aws, latencyMs: median(times) });
  }
  return results;
}
