/**
 * DynamoDB round trips: the DynamoDB functions' handlers called in-process against DynamoDB
 * Local, next to a bare UpdateItem and to the redirect taken apart (round-trip-cases.ts). Each
 * call's round trips are counted and its answer checked, then all are timed side by side
 * (../timing/interleave.ts), and the redirect's latency is set against the bare UpdateItem's.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectDatabase, Seed } from '../setup/database';
import { callsPerCase, measureCalls, type CallRow } from '../timing/interleave';
import { beginSection, log, ms, passFail, ratio, signedMs, table } from '../report/output';
import type { Recorder } from '../report/results';
import { roundTripCases } from './round-trip-cases';
import type { Summary } from '../timing/stats';
import type { Subjects } from '../setup/subjects';
import { TARGETS } from '../report/target-limits';

/**
 * Untimed calls per case (DynamoDB Local's JVM is still compiling for the first few thousand
 * requests), then rounds × calls per round, timed one by one. One call per case and round: the
 * machine is shared, and a busy spell then hits every case alike.
 */
const ROUND_TRIPS = { warmup: 300, rounds: 400, perRound: 1 };

/** What the targets take: the redirect's latency and the bare UpdateItem's. */
export interface RoundTrips {
  readonly bare: Summary;
  readonly redirect: Summary;
}

async function measureRoundTrips(subjects: Subjects, db: ProjectDatabase, seed: Seed) {
  const { cases, created } = await roundTripCases(subjects, db, seed, callsPerCase(ROUND_TRIPS));
  const { rows, results } = await measureCalls(cases, ROUND_TRIPS);

  // The deduplicated creations made nothing: the itemid counter is the seed's and the new URLs' only.
  const { Item } = await db.documentClient.send(
    new GetCommand({ TableName: db.table, Key: { pk: 'counter#itemid' }, ConsistentRead: true }),
  );
  const itemids = Number(Item?.last);
  if (itemids !== 1 + created)
    throw new Error(
      `itemid counter is ${itemids}, expected ${1 + created} (the seed and ${created} new URLs): a deduplicated creation made a record`,
    );

  return { rows, get: (name: string) => results.get(name)!, bareLabel: cases.find((c) => c.name === 'bare')!.label };
}

/** Records each call's latency, set against the yardstick's, and its round trips. */
export function recordCalls(
  record: Recorder,
  rows: readonly CallRow[],
  yardstick: { readonly subject: string; readonly median: number },
): void {
  for (const { name: subject, roundTrips, summary } of rows) {
    record({ name: 'latency', subject, median: summary.median, p99: summary.p99, unit: 'ns', baseline: yardstick });
    record({ name: 'round trips per call', subject, median: roundTrips, unit: 'round trips' });
  }
}

/** Calls with their round trips and latency, as multiples of a yardstick's median. */
export function roundTripTable(rows: readonly CallRow[], yardstick: Summary, yardstickName: string): string {
  return table(
    ['Call', 'Round trips', 'Median ms', 'p90 ms', 'p99 ms', `× ${yardstickName}`, 'Per round trip ms'],
    rows.map((r) => [
      r.name,
      String(r.roundTrips),
      ms(r.summary.median),
      ms(r.summary.p90),
      ms(r.summary.p99),
      ratio(r.summary.median, yardstick.median),
      ms(r.summary.median / r.roundTrips),
    ]),
  );
}

export async function roundTripsSection(subjects: Subjects, db: ProjectDatabase, seed: Seed): Promise<RoundTrips> {
  const { warmup, rounds, perRound } = ROUND_TRIPS;
  const record = beginSection(
    'DynamoDB round trips',
    `against DynamoDB Local on loopback: ${warmup} untimed calls each, then ${rounds} rounds of ${perRound} call${perRound === 1 ? '' : 's'} each, in a shuffled order per round; sequential, in-process`,
  );
  const { rows, get, bareLabel } = await measureRoundTrips(subjects, db, seed);
  const [bare, redirect] = [get('bare'), get('redirect')];
  const [bareShared, addView, redirectSource] = [get('bare-shared'), get('count-view'), get('redirect-source')];
  recordCalls(record, rows, { subject: bareLabel, median: bare.median });
  log(roundTripTable(rows, bare, 'bare UpdateItem'));
  log(
    'Round trips: HTTP requests to DynamoDB Local during one call, counted (diagnostics_channel http.client.request.start). The handlers are the',
  );
  log(
    `built bundles, each with a client (and connection) of its own; so is the bare UpdateItem, on ${subjects.databaseFloor.id}'s bundled client (lib/db/client.ts's settings).`,
  );
  log(
    "The unbundled redirect (functions/redirect.ts run by tsx), store.addView and the shared bare UpdateItem share lib/db/client.ts's client.",
  );
  log(
    `The create calls include the rate limiter's UpdateItem. A new URL adds a GetItem (no entry), the itemid UpdateItem and a TransactWriteItems.`,
  );
  log(
    'A redirect is one UpdateItem (ADD view_count, sent once, answering the record and so its link); a GetItem of the link only when the view',
  );
  log(
    "is not counted in time; a container's first call also reads the blocked hosts, as it does once a minute. The calls here repeat one code.",
  );
  const redirectRatio = redirect.median / bare.median;
  log(
    `Target: redirect median ≤ ${TARGETS.redirectPerUpdateItem} × bare UpdateItem: ${ms(redirect.median)} ms / ${ms(bare.median)} ms = ${redirectRatio.toFixed(2)} × → ${passFail(redirectRatio <= TARGETS.redirectPerUpdateItem)}.`,
  );
  const shape = addView.median - bareShared.median;
  const code = redirectSource.median - addView.median;
  const rest = redirect.median - bare.median - shape - code;
  log(
    `The redirect's ${signedMs(redirect.median - bare.median)} ms over the bare UpdateItem, from differences of medians: its view's UpdateItem ` +
      `${signedMs(shape)} ms (addView − shared bare), the handler's code ${signedMs(code)} ms (unbundled redirect − addView), the rest ${signedMs(rest)} ms ` +
      `(bundle and connection; a connection of its own vs the shared one: ${signedMs(bare.median - bareShared.median)} ms on the bare UpdateItem).`,
  );
  log();
  return { bare, redirect };
}
