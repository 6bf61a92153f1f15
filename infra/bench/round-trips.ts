/**
 * DynamoDB round trips: the DynamoDB functions' handlers called in-process against DynamoDB
 * Local, next to a bare UpdateItem and to the redirect taken apart (round-trip-cases.ts). Each
 * call's round trips are counted and its answer checked, then all are timed side by side
 * (interleave.ts), and the redirect's latency is set against the bare UpdateItem's.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ProjectDatabase, Seed } from './database';
import { callsPerCase, countRequests, measureInterleaved } from './interleave';
import { beginSection, log, ms, passFail, ratio, signedMs, table } from './output';
import type { Recorder } from './results';
import { roundTripCases } from './round-trip-cases';
import type { Summary } from './stats';
import type { Subjects } from './subjects';
import { TARGETS } from './targets';

/**
 * Untimed calls per case (DynamoDB Local's JVM is still compiling for the first few thousand
 * requests), then rounds × calls per round, timed one by one. One call per case and round: the
 * machine is shared, and a busy spell then hits every case alike.
 */
const ROUND_TRIPS = { warmup: 300, rounds: 400, perRound: 1 };

export interface RoundTrips {
  readonly rows: { readonly name: string; readonly roundTrips: number; readonly summary: Summary }[];
  readonly bare: Summary;
  /** The bare UpdateItem's row label: the yardstick's name in the results. */
  readonly bareLabel: string;
  readonly bareShared: Summary;
  readonly redirect: Summary;
  readonly countView: Summary;
  readonly redirectSource: Summary;
}

async function measureRoundTrips(subjects: Subjects, db: ProjectDatabase, seed: Seed): Promise<RoundTrips> {
  const { cases, created } = await roundTripCases(subjects, db, seed, callsPerCase(ROUND_TRIPS));
  const roundTrips = new Map<string, number>();
  for (const c of cases) roundTrips.set(c.name, await countRequests(c.first ?? (() => c.call(-1))));
  const results = await measureInterleaved(cases, ROUND_TRIPS);

  // The deduplicated creations made nothing: the itemid counter is the seed's and the new URLs' only.
  const { Item } = await db.documentClient.send(new GetCommand({ TableName: db.table, Key: { pk: 'counter#itemid' }, ConsistentRead: true }));
  const itemids = Number(Item?.last);
  if (itemids !== 1 + created) throw new Error(`itemid counter is ${itemids}, expected ${1 + created} (the seed and ${created} new URLs): a deduplicated creation made a record`);

  const get = (name: string) => results.get(name)!;
  return {
    rows: cases.map((c) => ({ name: c.label, roundTrips: roundTrips.get(c.name)!, summary: get(c.name) })),
    bare: get('bare'),
    bareLabel: cases.find((c) => c.name === 'bare')!.label,
    bareShared: get('bare-shared'),
    redirect: get('redirect'),
    countView: get('count-view'),
    redirectSource: get('redirect-source'),
  };
}

/** Records each call's latency, set against the yardstick's, and its round trips. */
export function recordCalls(record: Recorder, rows: RoundTrips['rows'], yardstick: { readonly subject: string; readonly median: number }): void {
  for (const { name: subject, roundTrips, summary } of rows) {
    record({ name: 'latency', subject, median: summary.median, p99: summary.p99, unit: 'ns', baseline: yardstick });
    record({ name: 'round trips per call', subject, median: roundTrips, unit: 'round trips' });
  }
}

/** Calls with their round trips and latency, as multiples of a yardstick's median. */
export function roundTripTable(rows: RoundTrips['rows'], yardstick: Summary, yardstickName: string): string {
  return table(
    ['Call', 'Round trips', 'Median ms', 'p90 ms', 'p99 ms', `× ${yardstickName}`, 'Per round trip ms'],
    rows.map((r) => [r.name, String(r.roundTrips), ms(r.summary.median), ms(r.summary.p90), ms(r.summary.p99), ratio(r.summary.median, yardstick.median), ms(r.summary.median / r.roundTrips)]),
  );
}

export async function roundTripsSection(subjects: Subjects, db: ProjectDatabase, seed: Seed): Promise<RoundTrips> {
  const { warmup, rounds, perRound } = ROUND_TRIPS;
  const record = beginSection(
    'DynamoDB round trips',
    `against DynamoDB Local on loopback: ${warmup} untimed calls each, then ${rounds} rounds of ${perRound} call${perRound === 1 ? '' : 's'} each, in a shuffled order per round; sequential, in-process`,
  );
  const trips = await measureRoundTrips(subjects, db, seed);
  const { bare, bareShared, redirect, countView, redirectSource } = trips;
  recordCalls(record, trips.rows, { subject: trips.bareLabel, median: bare.median });
  log(roundTripTable(trips.rows, bare, 'bare UpdateItem'));
  log('Round trips: HTTP requests to DynamoDB Local during one call, counted (diagnostics_channel http.client.request.start). The handlers are the');
  log(`built bundles, each with a client (and connection) of its own; so is the bare UpdateItem, on ${subjects.docClient.id}'s bundled client (lib/db/client.ts's settings).`);
  log('The unbundled redirect (functions/redirect.ts run by tsx), store.countView and the shared bare UpdateItem share lib/db/client.ts\'s client.');
  log(`The create calls include the rate limiter's two UpdateItems. A new URL adds a GetItem (no entry), the itemid UpdateItem and a TransactWriteItems.`);
  const redirectRatio = redirect.median / bare.median;
  log(`Target: redirect median ≤ ${TARGETS.redirectPerUpdateItem} × bare UpdateItem: ${ms(redirect.median)} ms / ${ms(bare.median)} ms = ${redirectRatio.toFixed(2)} × → ${passFail(redirectRatio <= TARGETS.redirectPerUpdateItem)}.`);
  const shape = countView.median - bareShared.median;
  const code = redirectSource.median - countView.median;
  const rest = redirect.median - bare.median - shape - code;
  log(
    `The redirect's ${signedMs(redirect.median - bare.median)} ms over the bare UpdateItem, from differences of medians: its UpdateItem's condition and ALL_NEW answer ` +
      `${signedMs(shape)} ms (countView − shared bare), the handler's code ${signedMs(code)} ms (unbundled redirect − countView), the rest ${signedMs(rest)} ms ` +
      `(bundle and connection; a connection of its own vs the shared one: ${signedMs(bare.median - bareShared.median)} ms on the bare UpdateItem).`,
  );
  log();
  return trips;
}
