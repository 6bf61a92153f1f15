/**
 * Latency of operations that each make DynamoDB round trips, measured side by side: calls are
 * sequential (one in flight at a time), and the cases take turns in rounds, in a new order each
 * round (shuffled, with a fixed seed), so that drift in the machine or in DynamoDB Local hits
 * every case alike, and no case always follows the same one (a heavy case, such as a creation,
 * leaves work behind it in both processes: garbage, DynamoDB Local's own). Also: the round trips
 * one call makes, counted.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { summarise, type Summary } from './stats';

export interface TimedCase {
  readonly name: string;
  /**
   * One call, awaited; `n` counts this case's calls from 0, warm-up included. Whatever a call
   * needs (its event) is made beforehand, so the time is the call's alone. A call that does not
   * answer as it must throws, and the measurement stops.
   */
  readonly call: (n: number) => Promise<void>;
}

/** A case as a section's table names it, whose round trips are counted before anything is timed (measureCalls). */
export interface Case extends TimedCase {
  readonly label: string;
  /** The call whose round trips are counted and whose answer is checked closely, before anything is timed; `call(-1)` where absent. */
  readonly first?: () => Promise<void>;
}

export interface InterleaveOptions {
  /** Untimed calls per case before timing, taking turns the same way. */
  readonly warmup: number;
  readonly rounds: number;
  readonly perRound: number;
}

/** How many calls `case.call` receives at most: the size of the inputs to make beforehand. */
export const callsPerCase = ({ warmup, rounds, perRound }: InterleaveOptions): number => warmup + rounds * perRound;

export async function measureInterleaved(cases: readonly TimedCase[], options: InterleaveOptions): Promise<Map<string, Summary>> {
  const { warmup, rounds, perRound } = options;
  const counts = cases.map(() => 0);
  const samples = cases.map(() => new Float64Array(rounds * perRound));
  for (let i = 0; i < warmup; i++) {
    for (let c = 0; c < cases.length; c++) await cases[c]!.call(counts[c]!++);
  }
  const random = mulberry32(0x5eed);
  const order = cases.map((_, c) => c);
  for (let round = 0; round < rounds; round++) {
    for (let k = order.length - 1; k > 0; k--) {
      const j = Math.floor(random() * (k + 1));
      [order[k], order[j]] = [order[j]!, order[k]!];
    }
    for (const c of order) {
      const timed = cases[c]!;
      const into = samples[c]!;
      for (let i = 0; i < perRound; i++) {
        const n = counts[c]!++;
        const t0 = process.hrtime.bigint();
        await timed.call(n);
        into[round * perRound + i] = Number(process.hrtime.bigint() - t0);
      }
    }
  }
  return new Map(cases.map((timed, c) => [timed.name, summarise(samples[c]!)]));
}

/** A case's row: its label, the round trips of one call, and its timing. */
export interface CallRow {
  readonly name: string;
  readonly roundTrips: number;
  readonly summary: Summary;
}

/**
 * Counts each case's round trips on its first call (which checks its answer closely), then
 * times all of them side by side: a row per case, and each case's timing by its name.
 */
export async function measureCalls(
  cases: readonly Case[],
  options: InterleaveOptions,
): Promise<{ rows: CallRow[]; results: Map<string, Summary> }> {
  const roundTrips = new Map<string, number>();
  for (const c of cases) roundTrips.set(c.name, await countRequests(c.first ?? (() => c.call(-1))));
  const results = await measureInterleaved(cases, options);
  return { rows: cases.map((c) => ({ name: c.label, roundTrips: roundTrips.get(c.name)!, summary: results.get(c.name)! })), results };
}

/** HTTP requests Node's http client starts while `run` runs: the DynamoDB round trips of one call, counted, not assumed. */
export async function countRequests(run: () => Promise<void>): Promise<number> {
  let count = 0;
  const onStart = () => void count++;
  subscribe('http.client.request.start', onStart);
  try {
    await run();
  } finally {
    unsubscribe('http.client.request.start', onStart);
  }
  return count;
}

/** A small seeded pseudo-random generator: the same orders in every run. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
