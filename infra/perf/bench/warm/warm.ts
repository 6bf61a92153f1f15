/**
 * Warm, in-process latency: each function without DynamoDB (and the baseline) imported here
 * and called again and again with the same event, per response type: per call (median, p90,
 * p99), per call in batches (free of the timer's cost), and on the first request of a second.
 */
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { CONTENT_TYPES, RESPONSE_TYPES, type ResponseType } from '../../../../lib/render';
import { type Handler, importHandler } from '../../../local/invoke';
import { benchContext } from '../setup/lambda';
import { beginSection, log, passFail, table, us } from '../report/output';
import { GALLERY_PHOTOS } from '../setup/project';
import { summarise, timeEach, type Summary } from '../timing/stats';
import type { Recorder } from '../report/results';
import { BASELINE, eventFor, type Subject, type Subjects } from '../setup/subjects';
import { TARGETS } from '../report/target-limits';

const WARMUP_CALLS = 2_000;
const TIMED_CALLS = 20_000;
const BATCHES = 200;
const BATCH_SIZE = 100;
const NEW_SECOND_WARMUP = 200;
const NEW_SECOND_CALLS = 2_000;

interface WarmResult {
  readonly perCall: Summary;
  /** Median over batches of BATCH_SIZE calls, divided by BATCH_SIZE: free of per-call timer cost. */
  readonly batchMedian: number;
  /** The first request of each second (measureNewSecond). */
  readonly newSecond: Summary;
}
/** Per function, per type. */
export type WarmResults = Map<string, Map<ResponseType, WarmResult>>;

/** Median cost of the timer itself: two hrtime.bigint() calls and a subtraction. */
function timerOverheadNs(): number {
  const samples = new Float64Array(TIMED_CALLS);
  for (let i = 0; i < samples.length; i++) {
    const t0 = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  return summarise(samples).median;
}

async function measureWarm(call: () => Promise<unknown>): Promise<WarmResult> {
  for (let i = 0; i < WARMUP_CALLS; i++) await call();
  const perCall = summarise(await timeEach(TIMED_CALLS, call));
  const batches = await timeEach(BATCHES, async () => {
    for (let i = 0; i < BATCH_SIZE; i++) await call();
  });
  return { perCall, batchMedian: summarise(batches).median / BATCH_SIZE, newSecond: await measureNewSecond(call) };
}

/**
 * The first request of each second: bodies are memoised per value and values are shared
 * within a second, so here Date.now is stubbed to move one second on at every call, and every
 * call renders its body afresh.
 */
async function measureNewSecond(call: () => Promise<unknown>): Promise<Summary> {
  const realNow = Date.now;
  let fake = Math.floor(realNow() / 1000) * 1000;
  Date.now = () => (fake += 1000);
  try {
    for (let i = 0; i < NEW_SECOND_WARMUP; i++) await call();
    return summarise(await timeEach(NEW_SECOND_CALLS, call));
  } finally {
    Date.now = realNow;
  }
}

async function checkAnswer(subject: Subject, type: ResponseType, handler: Handler, event: APIGatewayProxyEventV2, context: Context) {
  const result = await handler(event, context);
  const contentType = String(result.headers?.['Content-Type'] ?? '');
  const expectedType = CONTENT_TYPES[type];
  const baseline = subject.id === BASELINE;
  const ok =
    result.statusCode === subject.status!(type) &&
    (baseline || contentType.startsWith(expectedType)) &&
    (result.body ?? '').length > 0 &&
    (type !== 'javascript' || baseline || (result.body ?? '').startsWith('/**/cb('));
  if (!ok) throw new Error(`${subject.id} ${type}: answered ${result.statusCode} ${contentType}: ${(result.body ?? '').slice(0, 120)}`);
}

/** Every function's figures per type, each set against the baseline's, which answers any type alike. */
function recordWarm(record: Recorder, warm: WarmResults): void {
  const bare = warm.get(BASELINE)!.get('xml')!;
  const against = (median: number) => ({ subject: BASELINE, median });
  for (const [subject, byType] of warm) {
    for (const [type, { perCall, batchMedian, newSecond }] of byType) {
      const which = subject === BASELINE ? 'any type' : type;
      record({
        name: `warm latency, ${which}`,
        subject,
        median: perCall.median,
        p99: perCall.p99,
        unit: 'ns',
        baseline: against(bare.perCall.median),
      });
      record({ name: `warm latency in batches, ${which}`, subject, median: batchMedian, unit: 'ns', baseline: against(bare.batchMedian) });
      record({
        name: `first request of a second, ${which}`,
        subject,
        median: newSecond.median,
        p99: newSecond.p99,
        unit: 'ns',
        baseline: against(bare.newSecond.median),
      });
    }
  }
}

export async function warmSection({ all, dbFunctions, gallery }: Subjects): Promise<WarmResults> {
  const overhead = timerOverheadNs();
  const record = beginSection(
    'Warm, in-process',
    `${WARMUP_CALLS} warm-up calls, then ${TIMED_CALLS} calls timed one by one (hrtime.bigint, timer cost ${overhead.toFixed(0)} ns included), then ${BATCHES} batches of ${BATCH_SIZE}`,
  );
  const rows: string[][] = [];
  const warm: WarmResults = new Map();
  for (const subject of all.filter((s) => !s.database)) {
    const handler = await importHandler(subject.file, subject.exportName);
    const context = benchContext(subject.id);
    const byType = new Map<ResponseType, WarmResult>();
    // The baseline ignores the type: one row is enough.
    for (const type of subject.id === BASELINE ? (['xml'] as const) : RESPONSE_TYPES) {
      const event = eventFor(subject, type);
      await checkAnswer(subject, type, handler, event, context);
      const call = () => handler(event, context);
      const result = await measureWarm(call);
      byType.set(type, result);
      const gated = TARGETS.warmFunctions.includes(subject.id);
      const { median, p90, p99 } = result.perCall;
      rows.push([
        subject.id,
        subject.id === BASELINE ? 'any' : type,
        us(median),
        us(p90),
        us(p99),
        us(result.batchMedian),
        us(result.newSecond.median),
        gated ? passFail(median < TARGETS.warmUs * 1e3) : '-',
      ]);
    }
    warm.set(subject.id, byType);
  }
  recordWarm(record, warm);
  log(table(['Function', 'Type', 'Median µs', 'p90 µs', 'p99 µs', 'Batch µs/call', 'New-second µs', `< ${TARGETS.warmUs} µs`], rows));
  log(
    'Baseline: a bare async handler answering a constant string with the same six headers (infra/perf/bench/yardsticks/baseline.ts), bundled and measured the same way.',
  );
  log('Median/p90/p99/Batch: the steady state. Bodies are memoised per value and values are shared within a second, so these');
  log(
    `loops (tens of ms) render each body at most once or twice. New-second: median of ${NEW_SECOND_CALLS} calls with Date.now moved on a second`,
  );
  log('per call, i.e. the first request of each second, which renders its body; NotFound and error answers render on every call anyway.');
  log(`Target: median < ${TARGETS.warmUs} µs for ${TARGETS.warmFunctions.join(' and ')} (the steady-state median).`);
  log(`${dbFunctions.map((s) => s.id).join(', ')} wait on DynamoDB: their latency is under DynamoDB round trips, next;`);
  log(`the gallery functions' (${gallery.length}) too: ${GALLERY_PHOTOS}'s 100-photo pages are under Gallery page, after it.`);
  log();
  return warm;
}
