/**
 * `npm run bench`: a benchmark, not a test. Builds every function as `sam build` does, then
 * prints per function its bundle size (raw and gzip -9), its cold start (a fresh Node process
 * importing the bundle and answering one XML request) and its warm in-process latency per
 * response type, next to a baseline (a bare handler answering a constant body with the same
 * headers, measured the same way), and checks the figures against the targets.
 * Everything runs in-process or in child processes on this machine; nothing goes on the network.
 */
import { cpus, loadavg, tmpdir } from 'node:os';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { buildFunctions, bytesByPackage, esbuildOptions, kb, table, topInputs, type BuiltFunction } from './bundle';
import { coldStart, type ColdStart } from './bench/cold-start';
import { APP_KEY, benchEvent, lambdaContext, samplePath, type Handler } from './bench/lambda';
import { summarise } from './bench/stats';
import { functionEnvironment, functionsOf, loadTemplate, routesOf, type FunctionDefinition } from './template';

const TARGETS = {
  /** Static functions' bundles, raw bytes. */
  bundleBytes: 120 * 1024,
  coldStartMs: 30,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
};

const COLD_RUNS = 15;
const WARMUP_CALLS = 2_000;
const TIMED_CALLS = 20_000;
const BATCHES = 200;
const BATCH_SIZE = 100;
const NEW_SECOND_WARMUP = 200;
const NEW_SECOND_CALLS = 2_000;
const TYPES = ['xml', 'json', 'javascript', 'php'] as const;
type BenchType = (typeof TYPES)[number];

const template = loadTemplate();
const functions = functionsOf(template);
const routes = routesOf(template);
const functionEnv = functionEnvironment(template);
const BASELINE = 'Baseline';

interface Subject {
  readonly id: string;
  readonly exportName: string;
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly built?: BuiltFunction;
  /** Status the requests of the benchmark must answer with (404 for $default, but 200 in Javascript). */
  readonly status: (type: BenchType) => number;
  /** The path requested, without query. */
  readonly path: string;
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (ns: number) => (ns / 1e6).toFixed(2);
const us = (ns: number) => (ns / 1e3).toFixed(2);

function routeOf(fn: FunctionDefinition) {
  const route = routes.find((r) => r.fn.id === fn.id);
  if (!route) throw new Error(`${fn.id} has no HttpApi route`);
  return route;
}

function query(type: BenchType | undefined): string {
  const key = `appkey=${encodeURIComponent(APP_KEY)}`;
  if (type === undefined) return key;
  return type === 'javascript' ? `${key}&type=javascript&callback=cb` : `${key}&type=${type}`;
}

/** The event for `subject`; `type` undefined is a plain request, answered in XML. */
function eventFor(subject: Subject, type: BenchType | undefined): APIGatewayProxyEventV2 {
  return benchEvent(routes, `${subject.path}?${query(type)}`).event;
}

/** Bundles the baseline handler with the same settings as the first function. */
async function buildBaseline(dir: string, like: FunctionDefinition): Promise<Subject> {
  const options = esbuildOptions({ ...like.build, EntryPoints: ['infra/bench/baseline.ts'] }, dir);
  await build({ ...options, metafile: false });
  const file = join(dir, 'baseline.mjs');
  const bytes = (await stat(file)).size;
  return {
    id: BASELINE,
    exportName: 'handler',
    file,
    bytes,
    gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length,
    status: () => 200,
    path: samplePath(routeOf(like)),
  };
}

function subjectOf(built: BuiltFunction): Subject {
  const route = routeOf(built.definition);
  const notFound = route.path === '$default';
  return {
    id: built.id,
    exportName: built.definition.exportName,
    file: built.file,
    bytes: built.bytes,
    gzipBytes: built.gzipBytes,
    built,
    status: (type) => (notFound && type !== 'javascript' ? 404 : 200),
    path: samplePath(route),
  };
}

// ---------------------------------------------------------------------------------------------
// Cold start

interface ColdSummary {
  readonly total: ReturnType<typeof summarise>;
  readonly importMedian: number;
  readonly firstMedian: number;
}

async function measureColdStarts(subjects: readonly Subject[]): Promise<Map<string, ColdSummary>> {
  const env: Record<string, string> = {
    ...functionEnv,
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
    AWS_REGION: 'us-east-1',
  };
  const runs = new Map<string, ColdStart[]>(subjects.map((s) => [s.id, []]));
  const events = new Map(subjects.map((s) => [s.id, eventFor(s, undefined)]));
  // One round discarded (file cache, first spawn), then rounds in turn so drift hits every function alike.
  for (let round = -1; round < COLD_RUNS; round++) {
    for (const subject of subjects) {
      const run = await coldStart(subject.file, subject.exportName, events.get(subject.id)!, subject.id, { ...env, AWS_LAMBDA_FUNCTION_NAME: subject.id });
      const expected = subject.status('xml');
      if (run.statusCode !== expected || !run.contentType?.startsWith('text/xml') || run.bodyBytes === 0) {
        throw new Error(`${subject.id} cold start answered ${run.statusCode} ${run.contentType} (${run.bodyBytes} bytes), expected ${expected} XML`);
      }
      if (round >= 0) runs.get(subject.id)!.push(run);
    }
  }
  return new Map(
    [...runs].map(([id, list]) => [
      id,
      {
        total: summarise(list.map((r) => r.importNs + r.firstRequestNs)),
        importMedian: summarise(list.map((r) => r.importNs)).median,
        firstMedian: summarise(list.map((r) => r.firstRequestNs)).median,
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Warm, in-process

/** Median cost of the timer itself: two hrtime.bigint() calls and a subtraction. */
function timerOverheadNs(): number {
  const samples = new Float64Array(TIMED_CALLS);
  for (let i = 0; i < samples.length; i++) {
    const t0 = process.hrtime.bigint();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  return summarise(samples).median;
}

interface WarmResult {
  readonly perCall: ReturnType<typeof summarise>;
  /** Median over batches of BATCH_SIZE calls, divided by BATCH_SIZE: free of per-call timer cost. */
  readonly batchMedian: number;
}

async function measureWarm(handler: Handler, event: APIGatewayProxyEventV2, context: Context): Promise<WarmResult> {
  for (let i = 0; i < WARMUP_CALLS; i++) await handler(event, context);
  const samples = new Float64Array(TIMED_CALLS);
  for (let i = 0; i < TIMED_CALLS; i++) {
    const t0 = process.hrtime.bigint();
    await handler(event, context);
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  const batches = new Float64Array(BATCHES);
  for (let b = 0; b < BATCHES; b++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < BATCH_SIZE; i++) await handler(event, context);
    batches[b] = Number(process.hrtime.bigint() - t0) / BATCH_SIZE;
  }
  return { perCall: summarise(samples), batchMedian: summarise(batches).median };
}

/**
 * The first request of each second: bodies are memoised per value and values are shared
 * within a second, so here Date.now is stubbed to move one second on at every call, and every
 * call renders its body afresh.
 */
async function measureNewSecond(handler: Handler, event: APIGatewayProxyEventV2, context: Context): Promise<ReturnType<typeof summarise>> {
  const realNow = Date.now;
  let fake = Math.floor(realNow() / 1000) * 1000;
  Date.now = () => (fake += 1000);
  try {
    for (let i = 0; i < NEW_SECOND_WARMUP; i++) await handler(event, context);
    const samples = new Float64Array(NEW_SECOND_CALLS);
    for (let i = 0; i < NEW_SECOND_CALLS; i++) {
      const t0 = process.hrtime.bigint();
      await handler(event, context);
      samples[i] = Number(process.hrtime.bigint() - t0);
    }
    return summarise(samples);
  } finally {
    Date.now = realNow;
  }
}

async function checkAnswer(subject: Subject, type: BenchType, handler: Handler, event: APIGatewayProxyEventV2, context: Context) {
  const result = await handler(event, context);
  const contentType = String(result.headers?.['Content-Type'] ?? '');
  const expectedType = { xml: 'text/xml', json: 'application/json', javascript: 'text/javascript', php: 'application/php' }[type];
  const ok =
    result.statusCode === subject.status(type) &&
    (subject.id === BASELINE || contentType.startsWith(expectedType)) &&
    (result.body ?? '').length > 0 &&
    (type !== 'javascript' || subject.id === BASELINE || (result.body ?? '').startsWith('/**/cb('));
  if (!ok) throw new Error(`${subject.id} ${type}: answered ${result.statusCode} ${contentType}: ${(result.body ?? '').slice(0, 120)}`);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = performance.now();
  const cpu = cpus();
  log(`Benchmark: Node ${process.version} (${process.execPath}), ${process.platform}/${process.arch}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}`);
  if (!process.version.startsWith('v24.')) log(`WARNING: Lambda runs nodejs24.x; this is Node ${process.version}.`);
  const load = loadavg()[0]!;
  if (load > cpu.length / 2) log(`WARNING: load average ${load.toFixed(2)} on ${cpu.length} cores: other processes are running, timings will be noisy.`);
  log('Lambda runs these on arm64 at 256 MB (a fraction of a vCPU): absolute figures here are this machine\'s, compare them with the baseline.');
  log();

  // Build
  const scratch = await mkdtemp(join(tmpdir(), 'bench-'));
  try {
    const built = await buildFunctions(functions);
    const baseline = await buildBaseline(scratch, functions[0]!);
    const subjects = [...built.map(subjectOf), baseline];

    log('== Bundle size (esbuild with each function\'s template.yaml BuildProperties; gzip -9 estimates the zip) ==');
    log(
      table(
        ['Function', 'Raw KB', 'Gzip -9 KB', `< ${kb(TARGETS.bundleBytes)} KB`],
        subjects.map((s) => [s.id, kb(s.bytes), kb(s.gzipBytes), s.id === BASELINE ? '-' : s.bytes < TARGETS.bundleBytes ? 'pass' : 'FAIL']),
      ),
    );
    log();

    const oversized = built.filter((b) => b.bytes >= TARGETS.bundleBytes).sort((a, b) => b.bytes - a.bytes);
    if (oversized.length > 0) {
      const largest = oversized[0]!;
      log(`What ${largest.id}'s ${kb(largest.bytes)} KB holds (esbuild metafile, bytes in output; the other bundles differ only in their entry):`);
      log(table(['Package', 'KB', 'Share'], bytesByPackage(largest.metafile).map((p) => [p.name, kb(p.bytes), `${((100 * p.bytes) / largest.bytes).toFixed(1)} %`])));
      log();
      log(table(['Top inputs', 'KB'], topInputs(largest.metafile, 10).map((t) => [t.input, kb(t.bytes)])));
      log();
    }

    // Cold start
    log(`== Cold start: fresh \`node\` process, import() of the bundle + one XML request; ${COLD_RUNS} runs each, Node's own start excluded ==`);
    const cold = await measureColdStarts(subjects);
    log(
      table(
        ['Function', 'Median ms', 'Min ms', 'Max ms', 'import() ms', '1st request ms', `< ${TARGETS.coldStartMs} ms`],
        subjects.map((s) => {
          const c = cold.get(s.id)!;
          return [s.id, ms(c.total.median), ms(c.total.min), ms(c.total.max), ms(c.importMedian), ms(c.firstMedian), s.id === BASELINE ? '-' : c.total.median < TARGETS.coldStartMs * 1e6 ? 'pass' : 'FAIL'];
        }),
      ),
    );
    log('(import() and 1st request are medians of their own; they need not add up to the median total.)');
    const slowStarts = built.filter((b) => cold.get(b.id)!.total.median >= TARGETS.coldStartMs * 1e6);
    if (slowStarts.length > 0) {
      const base = cold.get(BASELINE)!;
      log(`Over ${TARGETS.coldStartMs} ms: ${slowStarts
        .map((b) => {
          const c = cold.get(b.id)!;
          return `${b.id} import() ${ms(c.importMedian)} ms + 1st request ${ms(c.firstMedian)} ms`;
        })
        .join('; ')}; the baseline's import() of ${kb(baseline.bytes)} KB takes ${ms(base.importMedian)} ms, so import() time is the bundle's own parse and evaluation.`);
    }
    log();

    // Warm
    for (const [name, value] of Object.entries(functionEnv)) process.env[name] ??= value;
    const overhead = timerOverheadNs();
    log(`== Warm, in-process: ${WARMUP_CALLS} warm-up calls, then ${TIMED_CALLS} calls timed one by one (hrtime.bigint, timer cost ${overhead.toFixed(0)} ns included), then ${BATCHES} batches of ${BATCH_SIZE} ==`);
    const warmRows: string[][] = [];
    const warm = new Map<string, Map<BenchType, WarmResult>>();
    for (const subject of subjects) {
      const module = (await import(pathToFileURL(subject.file).href)) as Record<string, Handler>;
      const handler = module[subject.exportName]!;
      const context = lambdaContext(subject.id, 3600);
      const byType = new Map<BenchType, WarmResult>();
      // The baseline ignores the type: one row is enough.
      for (const type of subject.id === BASELINE ? (['xml'] as const) : TYPES) {
        const event = eventFor(subject, type);
        await checkAnswer(subject, type, handler, event, context);
        const result = await measureWarm(handler, event, context);
        const newSecond = await measureNewSecond(handler, event, context);
        byType.set(type, result);
        const gated = TARGETS.warmFunctions.includes(subject.id);
        warmRows.push([
          subject.id,
          subject.id === BASELINE ? 'any' : type,
          us(result.perCall.median),
          us(result.perCall.p90),
          us(result.perCall.p99),
          us(result.batchMedian),
          us(newSecond.median),
          gated ? (result.perCall.median < TARGETS.warmUs * 1e3 ? 'pass' : 'FAIL') : '-',
        ]);
      }
      warm.set(subject.id, byType);
    }
    log(table(['Function', 'Type', 'Median µs', 'p90 µs', 'p99 µs', 'Batch µs/call', 'New-second µs', `< ${TARGETS.warmUs} µs`], warmRows));
    log('Baseline: a bare async handler answering a constant string with the same six headers (infra/bench/baseline.ts), bundled and measured the same way.');
    log('Median/p90/p99/Batch: the steady state. Bodies are memoised per value and values are shared within a second, so these');
    log(`loops (tens of ms) render each body at most once or twice. New-second: median of ${NEW_SECOND_CALLS} calls with Date.now moved on a second`);
    log('per call, i.e. the first request of each second, which renders its body; NotFound and error answers render on every call anyway.');
    log(`Target: median < ${TARGETS.warmUs} µs for ${TARGETS.warmFunctions.join(' and ')} (the steady-state median).`);
    log();

    // Targets
    const sizeFailures = built.filter((b) => b.bytes >= TARGETS.bundleBytes);
    const coldFailures = built.filter((b) => cold.get(b.id)!.total.median >= TARGETS.coldStartMs * 1e6);
    const warmFailures = TARGETS.warmFunctions.flatMap((id) =>
      [...(warm.get(id) ?? new Map<BenchType, WarmResult>())].filter(([, r]) => r.perCall.median >= TARGETS.warmUs * 1e3).map(([type, r]) => `${id} ${type} ${us(r.perCall.median)} µs`),
    );
    const largestBundle = Math.max(...built.map((b) => b.bytes));
    const slowestCold = Math.max(...built.map((b) => cold.get(b.id)!.total.median));
    const slowestWarm = Math.max(...TARGETS.warmFunctions.flatMap((id) => [...(warm.get(id)?.values() ?? [])].map((r) => r.perCall.median)));
    log(`Finished in ${((performance.now() - started) / 1000).toFixed(1)} s (load average now ${loadavg()[0]!.toFixed(2)} on ${cpu.length} cores).`);
    log(
      `${sizeFailures.length ? 'FAIL' : 'PASS'}  bundle size < ${kb(TARGETS.bundleBytes)} KB raw, every function: largest ${kb(largestBundle)} KB` +
        (sizeFailures.length ? ` (${sizeFailures.length}/${built.length} over: ${sizeFailures.map((b) => `${b.id} ${kb(b.bytes)} KB`).join(', ')})` : ''),
    );
    log(
      `${coldFailures.length ? 'FAIL' : 'PASS'}  cold start median < ${TARGETS.coldStartMs} ms, every function: slowest ${ms(slowestCold)} ms` +
        (coldFailures.length ? ` (over: ${coldFailures.map((b) => `${b.id} ${ms(cold.get(b.id)!.total.median)} ms`).join(', ')})` : ''),
    );
    log(
      `${warmFailures.length ? 'FAIL' : 'PASS'}  warm median < ${TARGETS.warmUs} µs, ${TARGETS.warmFunctions.join(' and ')} in every type: slowest ${us(slowestWarm)} µs` +
        (warmFailures.length ? ` (over: ${warmFailures.join(', ')})` : ''),
    );
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

try {
  await main();
  // A benchmark reports; a missed target is in its last lines, not in the exit code.
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exitCode = 1;
}
