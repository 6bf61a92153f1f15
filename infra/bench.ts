/**
 * `npm run bench`: a benchmark, not a test. Builds every function as `sam build` does, then
 * prints per function its bundle size (raw and gzip -9), its cold start (a fresh Node process
 * importing the bundle and answering one request) and its warm in-process latency per
 * response type, next to a baseline (a bare handler answering a constant body with the same
 * headers, measured the same way), and checks the figures against the targets.
 * The functions that use DynamoDB (short URLs) run against an in-memory DynamoDB Local on a
 * free loopback port, started here and stopped at the end, holding one seeded short URL. They
 * are compared with a bundle that holds only the DynamoDB document client, and their latency
 * is measured in DynamoDB round trips, next to a bare UpdateItem.
 * Everything runs in-process or in child processes on this machine; nothing goes on the network.
 */
import { cpus, loadavg, tmpdir } from 'node:os';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { copyFile, mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { build, type Metafile } from 'esbuild';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { buildFunctions, bytesByPackage, esbuildOptions, kb, table, topInputs, type BuiltFunction } from './bundle';
import { coldStart, type ColdStart } from './bench/cold-start';
import { APP_KEY, benchEvent, lambdaContext, samplePath, type Handler } from './bench/lambda';
import { callsPerCase, measureInterleaved, type TimedCase } from './bench/round-trips';
import { summarise, type Summary } from './bench/stats';
import { freePort } from './dynamodb/local';
import { startLocalStack } from './local-stack';
import { functionEnvironment, functionsOf, loadTemplate, routesOf, type FunctionDefinition } from './template';

const TARGETS = {
  /** Static functions' bundles, raw bytes. */
  bundleBytes: 120 * 1024,
  coldStartMs: 30,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's median latency, at most this many bare UpdateItem round trips. */
  redirectPerUpdateItem: 1.5,
  /** The DynamoDB functions' bundle size and cold start, at most this many times the doc-client-only bundle's. */
  perDocClientOnly: 1.2,
};

const COLD_RUNS = 15;
const WARMUP_CALLS = 2_000;
const TIMED_CALLS = 20_000;
const BATCHES = 200;
const BATCH_SIZE = 100;
const NEW_SECOND_WARMUP = 200;
const NEW_SECOND_CALLS = 2_000;
/**
 * DynamoDB round trips: untimed calls per case (DynamoDB Local's JVM is still compiling for the
 * first few thousand requests), then rounds × calls per round, timed one by one. One call per
 * case and round: the machine is shared, and a busy spell then hits every case alike.
 */
const ROUND_TRIPS = { warmup: 300, rounds: 400, perRound: 1 };
const TYPES = ['xml', 'json', 'javascript', 'php'] as const;
type BenchType = (typeof TYPES)[number];

/** The short-link origin the functions run with, as `npm start` serves it. */
const SHORT_URL_HOST = 'http://127.0.0.1:3001';
/** The link seeded before anything is measured: what lookups, redirects and deduplicated creations find. */
const SEED_URL = 'https://bench.test/seeded';
/** Creations are rate-limited per app key and per client IP; the bench makes thousands from one of each. */
const BENCH_SETTINGS = { RATE_LIMIT_PER_APP_KEY: '1000000', RATE_LIMIT_PER_CLIENT_IP: '1000000' };
/** The items the bare UpdateItem counts in, in the short-URLs table (no code or link has this key). */
const SCRATCH_KEY = { pk: 'bench#scratch' };
const SHARED_SCRATCH_KEY = { pk: 'bench#scratch-shared' };

const template = loadTemplate();
const functions = functionsOf(template);
const routes = routesOf(template);
/** What every function gets, here and in the cold-start children: template.yaml's environment and the bench's settings. */
const functionEnv: Record<string, string> = {
  ...functionEnvironment(template, { parameters: { ShortUrlHost: SHORT_URL_HOST } }),
  ...BENCH_SETTINGS,
};
const BASELINE = 'Baseline';
const DOC_CLIENT = 'DocClientOnly';
const CREATE = 'ShortUrlCreateFunction';
const LOOKUP = 'ShortUrlFunction';
const REDIRECT = 'RedirectFunction';
const DATABASE_FUNCTIONS = [CREATE, LOOKUP, REDIRECT];

interface Subject {
  readonly id: string;
  /** A template function, or one of the bench's yardsticks (baseline, doc-client-only). */
  readonly kind: 'function' | 'yardstick';
  /** Needs DynamoDB: measured in the round-trips section rather than in the in-process warm loop. */
  readonly database: boolean;
  readonly exportName: string;
  readonly file: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly metafile?: Metafile;
  /** The HTTP API whose routes its requests take (`Api`, `ShortApi`). */
  readonly api: string;
  /** Path and query of the request for a type; `undefined` is a plain request, answered in XML. */
  readonly target: (type: BenchType | undefined) => string;
  /** Status the requests of the benchmark must answer with (404 for $default, but 200 in Javascript). */
  readonly status: (type: BenchType) => number;
  /** What is wrong with a cold start's answer, or undefined. */
  readonly coldCheck: (run: ColdStart) => string | undefined;
}

const log = (line = '') => process.stdout.write(`${line}\n`);
const ms = (ns: number) => (ns / 1e6).toFixed(2);
const us = (ns: number) => (ns / 1e3).toFixed(2);
const signedMs = (ns: number) => `${ns < 0 ? '−' : '+'}${ms(Math.abs(ns))}`;
const ratio = (a: number, b: number) => (a / b).toFixed(2);
const passFail = (ok: boolean) => (ok ? 'pass' : 'FAIL');

function routeOf(id: string) {
  const route = routes.find((r) => r.fn.id === id);
  if (!route) throw new Error(`${id} has no HttpApi route`);
  return route;
}

function definitionOf(id: string): FunctionDefinition {
  const fn = functions.find((f) => f.id === id);
  if (!fn) throw new Error(`template.yaml has no ${id}`);
  return fn;
}

function query(type: BenchType | undefined): string {
  const key = `appkey=${encodeURIComponent(APP_KEY)}`;
  if (type === undefined) return key;
  return type === 'javascript' ? `${key}&type=javascript&callback=cb` : `${key}&type=${type}`;
}

/** The event for `subject`, routed by its API's routes; `type` undefined is a plain request, answered in XML. */
function eventFor(subject: Subject, type: BenchType | undefined, target = subject.target(type)): APIGatewayProxyEventV2 {
  const { event, route } = benchEvent(
    routes.filter((r) => r.api === subject.api),
    target,
  );
  if (subject.kind === 'function' && route.fn.id !== subject.id) throw new Error(`GET ${target} goes to ${route.fn.id}, not ${subject.id}`);
  return event;
}

/** Why a cold start's answer is not `status` in XML, or undefined. */
const xmlAnswer =
  (status: number) =>
  (run: ColdStart): string | undefined =>
    run.statusCode === status && run.contentType?.startsWith('text/xml') && run.bodyBytes > 0
      ? undefined
      : `answered ${run.statusCode} ${run.contentType} (${run.bodyBytes} bytes), expected ${status} XML`;

/** Bundles a bench entry (baseline, doc-client-only) with the same settings as `like`. */
async function buildYardstick(dir: string, like: FunctionDefinition, entry: string): Promise<{ file: string; bytes: number; gzipBytes: number; metafile: Metafile }> {
  const options = esbuildOptions({ ...like.build, EntryPoints: [entry] }, dir);
  const result = await build(options);
  const name = entry.split('/').pop()!.replace(/\.ts$/, '');
  const file = join(dir, `${name}.mjs`);
  const bytes = (await stat(file)).size;
  return { file, bytes, gzipBytes: gzipSync(readFileSync(file), { level: 9 }).length, metafile: result.metafile! };
}

/** The baseline, requested as the first function is. */
async function baselineSubject(dir: string, like: FunctionDefinition): Promise<Subject> {
  const built = await buildYardstick(dir, like, 'infra/bench/baseline.ts');
  const route = routeOf(like.id);
  return {
    ...built,
    id: BASELINE,
    kind: 'yardstick',
    database: false,
    exportName: 'handler',
    api: route.api,
    target: (type) => `${samplePath(route)}?${query(type)}`,
    status: () => 200,
    coldCheck: xmlAnswer(200),
  };
}

function staticSubject(built: BuiltFunction): Subject {
  const route = routeOf(built.id);
  const notFound = route.path === '$default';
  return {
    id: built.id,
    kind: 'function',
    database: false,
    exportName: built.definition.exportName,
    file: built.file,
    bytes: built.bytes,
    gzipBytes: built.gzipBytes,
    metafile: built.metafile,
    api: route.api,
    target: (type) => `${samplePath(route)}?${query(type)}`,
    status: (type) => (notFound && type !== 'javascript' ? 404 : 200),
    coldCheck: xmlAnswer(notFound ? 404 : 200),
  };
}

interface Seed {
  readonly code: string;
  readonly link: string;
}

/** The DynamoDB functions and the doc-client-only bundle, requesting the seeded short URL. */
function databaseSubjects(built: readonly BuiltFunction[], docClient: Awaited<ReturnType<typeof buildYardstick>>, seed: Seed): Subject[] {
  const byId = (id: string) => {
    const found = built.find((b) => b.id === id);
    if (!found) throw new Error(`${id} was not built`);
    return { id, kind: 'function' as const, database: true, exportName: found.definition.exportName, file: found.file, bytes: found.bytes, gzipBytes: found.gzipBytes, metafile: found.metafile };
  };
  const shortApi = routeOf(REDIRECT).api;
  const redirectCheck = (run: ColdStart) =>
    run.statusCode === 301 && run.location === seed.link ? undefined : `answered ${run.statusCode} Location ${run.location}, expected 301 to ${seed.link}`;
  return [
    {
      ...byId(CREATE),
      api: routeOf(CREATE).api,
      target: (type) => `/url/short/create?${query(type)}&url=${encodeURIComponent(SEED_URL)}`,
      status: () => 200,
      coldCheck: xmlAnswer(200),
    },
    {
      ...byId(LOOKUP),
      api: routeOf(LOOKUP).api,
      target: (type) => `/url/short/${seed.code}?${query(type)}`,
      status: () => 200,
      coldCheck: xmlAnswer(200),
    },
    { ...byId(REDIRECT), api: shortApi, target: () => `/${seed.code}`, status: () => 301, coldCheck: redirectCheck },
    {
      ...docClient,
      id: DOC_CLIENT,
      kind: 'yardstick',
      database: true,
      exportName: 'handler',
      api: shortApi,
      target: () => `/${seed.code}`,
      status: () => 200,
      coldCheck: (run) => (run.statusCode === 200 && run.bodyBytes > 0 ? undefined : `answered ${run.statusCode} (${run.bodyBytes} bytes), expected 200 with the link`),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Cold start

interface ColdSummary {
  readonly total: Summary;
  readonly importMedian: number;
  readonly firstMedian: number;
}

async function measureColdStarts(subjects: readonly Subject[]): Promise<Map<string, ColdSummary>> {
  const env: Record<string, string> = {
    ...functionEnv,
    PATH: '/usr/local/bin:/usr/bin:/bin',
    LANG: 'en_US.UTF-8',
    TZ: ':UTC',
  };
  // The local stack's: where DynamoDB Local listens, its region and the credentials it accepts.
  for (const name of ['AWS_ENDPOINT_URL_DYNAMODB', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']) {
    const value = process.env[name];
    if (value === undefined) throw new Error(`${name} is not set: the local stack sets it`);
    env[name] = value;
  }
  const runs = new Map<string, ColdStart[]>(subjects.map((s) => [s.id, []]));
  const events = new Map(subjects.map((s) => [s.id, eventFor(s, undefined)]));
  // One round discarded (file cache, first spawn), then rounds in turn so drift hits every function alike.
  for (let round = -1; round < COLD_RUNS; round++) {
    for (const subject of subjects) {
      const run = await coldStart(subject.file, subject.exportName, events.get(subject.id)!, subject.id, { ...env, AWS_LAMBDA_FUNCTION_NAME: subject.id });
      const wrong = subject.coldCheck(run);
      if (wrong !== undefined) throw new Error(`${subject.id} cold start ${wrong}`);
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
  readonly perCall: Summary;
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
async function measureNewSecond(handler: Handler, event: APIGatewayProxyEventV2, context: Context): Promise<Summary> {
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
  const baseline = subject.id === BASELINE;
  const ok =
    result.statusCode === subject.status(type) &&
    (baseline || contentType.startsWith(expectedType)) &&
    (result.body ?? '').length > 0 &&
    (type !== 'javascript' || baseline || (result.body ?? '').startsWith('/**/cb('));
  if (!ok) throw new Error(`${subject.id} ${type}: answered ${result.statusCode} ${contentType}: ${(result.body ?? '').slice(0, 120)}`);
}

// ---------------------------------------------------------------------------------------------
// DynamoDB

/** The modules of the project the bench itself uses against DynamoDB; loaded once the local stack's environment is set. */
async function projectDatabase() {
  const [{ documentClient }, { DynamoShortUrlStore }, { ShortUrlService }] = await Promise.all([
    import('../lib/db/client'),
    import('../lib/shorturls/dynamodb'),
    import('../lib/shorturls/service'),
  ]);
  const table = functionEnv.SHORT_URLS_TABLE;
  if (!table) throw new Error('template.yaml gives no function SHORT_URLS_TABLE');
  const store = new DynamoShortUrlStore(documentClient, table);
  return { documentClient, table, store, service: new ShortUrlService(store, new URL(SHORT_URL_HOST)) };
}
type ProjectDatabase = Awaited<ReturnType<typeof projectDatabase>>;

/** HTTP requests Node's http client starts while `run` runs: the DynamoDB round trips of one call, counted, not assumed. */
async function countRequests(run: () => Promise<void>): Promise<number> {
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

interface RoundTripRow {
  readonly name: string;
  readonly roundTrips: number;
  readonly summary: Summary;
}

interface RoundTrips {
  readonly rows: RoundTripRow[];
  readonly bare: Summary;
  readonly bareShared: Summary;
  readonly redirect: Summary;
  readonly countView: Summary;
  readonly redirectSource: Summary;
}

async function measureRoundTrips(subjects: readonly Subject[], db: ProjectDatabase, seed: Seed): Promise<RoundTrips> {
  const subject = (id: string) => subjects.find((s) => s.id === id)!;
  const handlers = new Map<string, Handler>();
  for (const id of DATABASE_FUNCTIONS) {
    const s = subject(id);
    handlers.set(id, ((await import(pathToFileURL(s.file).href)) as Record<string, Handler>)[s.exportName]!);
  }
  const contexts = new Map(DATABASE_FUNCTIONS.map((id) => [id, lambdaContext(id, 3600)]));
  // The redirect's source, run by tsx, on lib/db/client.ts's client: the handler without the bundle and its own client.
  const unbundledRedirect = (await import('../functions/redirect')).handler as unknown as Handler;
  // The bare round trip on the doc-client-only bundle's client: a client of its own, as each function's bundle has.
  const addOne = ((await import(pathToFileURL(subject(DOC_CLIENT).file).href)) as { addOne: (key: Record<string, string>) => Promise<void> }).addOne;
  const invoke = (id: string, event: APIGatewayProxyEventV2) => handlers.get(id)!(event, contexts.get(id)!);
  const must = (what: string, result: APIGatewayProxyStructuredResultV2, status: number, check?: (body: string) => boolean) => {
    if (result.statusCode !== status || (check && !check(result.body ?? ''))) {
      throw new Error(`${what}: answered ${result.statusCode} ${JSON.stringify(result.headers)} ${(result.body ?? '').slice(0, 200)}`);
    }
  };

  // The events, made beforehand: one per call for new links, one for each of the others.
  const calls = callsPerCase(ROUND_TRIPS) + 1;
  const tag = Date.now().toString(36);
  const create = subject(CREATE);
  const newEvents = Array.from({ length: calls }, (_, n) =>
    eventFor(create, undefined, `/url/short/create?${query(undefined)}&url=${encodeURIComponent(`https://bench.test/new/${tag}/${n}`)}`),
  );
  const dedupEvent = eventFor(create, undefined);
  const lookupEvent = eventFor(subject(LOOKUP), undefined);
  const redirectEvent = eventFor(subject(REDIRECT), undefined);
  const hasSeed = (body: string) => body.includes(`/${seed.code}`);
  let created = 0;
  const cases: (TimedCase & { readonly label: string })[] = [
    {
      name: 'create-new',
      label: 'create, new URL (handler)',
      call: async (n) => {
        const result = await invoke(CREATE, newEvents[n + 1]!);
        created++;
        must('create (new URL)', result, 200);
      },
    },
    { name: 'create-dedup', label: 'create, existing URL (handler)', call: async () => must('create (existing URL)', await invoke(CREATE, dedupEvent), 200) },
    { name: 'lookup', label: 'lookup (handler)', call: async () => must('lookup', await invoke(LOOKUP, lookupEvent), 200) },
    { name: 'redirect', label: 'redirect (handler)', call: async () => must('redirect', await invoke(REDIRECT, redirectEvent), 301) },
    {
      name: 'redirect-source',
      label: 'redirect, unbundled (functions/redirect.ts)',
      call: async () => must('redirect (unbundled)', await unbundledRedirect(redirectEvent, contexts.get(REDIRECT)!), 301),
    },
    {
      name: 'count-view',
      label: "redirect's UpdateItem alone (store.countView)",
      call: async () => {
        if ((await db.store.countView(seed.code)) !== seed.link) throw new Error('countView did not find the seeded code');
      },
    },
    {
      name: 'bare-shared',
      label: 'bare UpdateItem, lib/db/client.ts (shared)',
      call: async () => {
        await db.documentClient.send(new UpdateCommand({ TableName: db.table, Key: SHARED_SCRATCH_KEY, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } }));
      },
    },
    { name: 'bare', label: `bare UpdateItem (ADD n :one), ${DOC_CLIENT}`, call: () => addOne(SCRATCH_KEY) },
  ];

  // Each case's answer checked once, and its round trips counted, before anything is timed.
  const roundTrips = new Map<string, number>();
  roundTrips.set(
    'create-new',
    await countRequests(async () => {
      const result = await invoke(CREATE, newEvents[0]!);
      created++;
      must('create (new URL)', result, 200, (body) => !hasSeed(body) && body.includes('bench.test/new/'));
    }),
  );
  roundTrips.set('create-dedup', await countRequests(async () => must('create (existing URL)', await invoke(CREATE, dedupEvent), 200, hasSeed)));
  roundTrips.set('lookup', await countRequests(async () => must('lookup', await invoke(LOOKUP, lookupEvent), 200, hasSeed)));
  roundTrips.set(
    'redirect',
    await countRequests(async () => {
      const result = await invoke(REDIRECT, redirectEvent);
      must('redirect', result, 301);
      if (result.headers?.Location !== seed.link) throw new Error(`redirect: Location ${String(result.headers?.Location)}, expected ${seed.link}`);
    }),
  );
  for (const c of cases.slice(4)) roundTrips.set(c.name, await countRequests(() => c.call(-1)));

  const results = await measureInterleaved(cases, ROUND_TRIPS);

  // The deduplicated creations made nothing: the itemid counter is the seed's and the new URLs' only.
  const { Item } = await db.documentClient.send(new GetCommand({ TableName: db.table, Key: { pk: 'counter#itemid' }, ConsistentRead: true }));
  const itemids = Number(Item?.last);
  if (itemids !== 1 + created) throw new Error(`itemid counter is ${itemids}, expected ${1 + created} (the seed and ${created} new URLs): a deduplicated creation made a record`);

  return {
    redirectSource: results.get('redirect-source')!,
    rows: cases.map((c) => ({ name: c.label, roundTrips: roundTrips.get(c.name)!, summary: results.get(c.name)! })),
    bare: results.get('bare')!,
    bareShared: results.get('bare-shared')!,
    redirect: results.get('redirect')!,
    countView: results.get('count-view')!,
  };
}

/** Bytes per package that `bundle` holds beyond `yardstick` (a tenth of a KB at least), largest first. */
function bytesBeyond(bundle: Metafile, yardstick: Metafile): { name: string; bytes: number }[] {
  const theirs = new Map(bytesByPackage(yardstick).map((p) => [p.name, p.bytes]));
  return bytesByPackage(bundle)
    .map((p) => ({ name: p.name, bytes: p.bytes - (theirs.get(p.name) ?? 0) }))
    .filter((p) => p.bytes >= 103)
    .sort((a, b) => b.bytes - a.bytes);
}

/** xmlbuilder2 and the packages it brings (@oozcitak/*, js-yaml). */
const isXmlRenderer = (name: string) => name === 'xmlbuilder2' || name.startsWith('@oozcitak/') || name === 'js-yaml';

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

  // The bench's own DynamoDB Local, whatever the shell names, and the functions' settings for it.
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  for (const [name, value] of Object.entries(functionEnv)) process.env[name] = value;
  const stackStarted = performance.now();
  const stackStarting = freePort().then((dynamoDbPort) => startLocalStack(template, { dynamoDbPort, shortUrlHost: SHORT_URL_HOST }));
  stackStarting.catch(() => undefined); // awaited below; a failure to start must not crash the build meanwhile
  const scratch = await mkdtemp(join(tmpdir(), 'bench-'));
  try {
    // Build, while DynamoDB Local starts
    // Measured from copies: the tests and `npm run build` rebuild .aws-sam/build (removing it first) and may run meanwhile.
    const built = await Promise.all(
      (await buildFunctions(functions)).map(async (b) => {
        const file = join(scratch, b.id, basename(b.file));
        await mkdir(dirname(file), { recursive: true });
        await copyFile(b.file, file);
        return { ...b, file };
      }),
    );
    const shortUrlBuild = definitionOf(LOOKUP);
    const [baseline, docClient] = await Promise.all([baselineSubject(scratch, functions[0]!), buildYardstick(scratch, shortUrlBuild, 'infra/bench/doc-client.ts')]);
    await stackStarting;
    log(`DynamoDB Local: in memory at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}, with template.yaml's tables (built and started in ${((performance.now() - stackStarted) / 1000).toFixed(1)} s).`);
    const db = await projectDatabase();
    const seeded = await db.service.create(SEED_URL, async () => undefined);
    const seed = { code: seeded.code, link: seeded.link };
    log(`Seeded: ${SHORT_URL_HOST}/${seed.code} → ${seed.link}. Rate limits for the bench: ${Object.entries(BENCH_SETTINGS).map(([k, v]) => `${k}=${v}`).join(', ')}.`);
    log();

    const statics = built.filter((b) => !DATABASE_FUNCTIONS.includes(b.id)).map(staticSubject);
    const database = databaseSubjects(built, docClient, seed);
    const subjects = [...statics, ...database.filter((s) => s.kind === 'function'), baseline, ...database.filter((s) => s.kind === 'yardstick')];
    const fnSubjects = subjects.filter((s) => s.kind === 'function');
    const dbFunctions = fnSubjects.filter((s) => s.database);

    log('== Bundle size (esbuild with each function\'s template.yaml BuildProperties; gzip -9 estimates the zip) ==');
    log(
      table(
        ['Function', 'Raw KB', 'Gzip -9 KB', `< ${kb(TARGETS.bundleBytes)} KB`],
        subjects.map((s) => [s.id, kb(s.bytes), kb(s.gzipBytes), s.kind === 'function' ? passFail(s.bytes < TARGETS.bundleBytes) : '-']),
      ),
    );
    log(`${BASELINE}: infra/bench/baseline.ts. ${DOC_CLIENT}: infra/bench/doc-client.ts, lib/db/client.ts's DynamoDB document client, a handler doing one GetItem`);
    log('and the bench\'s bare UpdateItem; nothing else of the project.');
    log();

    const oversized = statics.filter((s) => s.bytes >= TARGETS.bundleBytes).sort((a, b) => b.bytes - a.bytes);
    if (oversized.length > 0) {
      const largest = oversized[0]!;
      log(`What ${largest.id}'s ${kb(largest.bytes)} KB holds (esbuild metafile, bytes in output; the other functions without DynamoDB differ only in their entry):`);
      log(table(['Package', 'KB', 'Share'], bytesByPackage(largest.metafile!).map((p) => [p.name, kb(p.bytes), `${((100 * p.bytes) / largest.bytes).toFixed(1)} %`])));
      log();
      log(table(['Top inputs', 'KB'], topInputs(largest.metafile!, 10).map((t) => [t.input, kb(t.bytes)])));
      log();
    }

    // Cold start
    log(`== Cold start: fresh \`node\` process, import() of the bundle + one request (XML; the redirect's is the seeded code); ${COLD_RUNS} runs each, Node's own start excluded ==`);
    const cold = await measureColdStarts(subjects);
    log(
      table(
        ['Function', 'Median ms', 'Min ms', 'Max ms', 'import() ms', '1st request ms', `< ${TARGETS.coldStartMs} ms`],
        subjects.map((s) => {
          const c = cold.get(s.id)!;
          return [s.id, ms(c.total.median), ms(c.total.min), ms(c.total.max), ms(c.importMedian), ms(c.firstMedian), s.kind === 'function' ? passFail(c.total.median < TARGETS.coldStartMs * 1e6) : '-'];
        }),
      ),
    );
    log('(import() and 1st request are medians of their own; they need not add up to the median total.)');
    log(`The DynamoDB functions' and ${DOC_CLIENT}'s 1st request includes connecting to DynamoDB Local and its answers: create (deduplicated: the seeded URL)`);
    log('makes 4 round trips, lookup, redirect and the doc-client-only handler 1 each (counted in the round-trips section).');
    const slowStarts = fnSubjects.filter((s) => cold.get(s.id)!.total.median >= TARGETS.coldStartMs * 1e6);
    if (slowStarts.length > 0) {
      const base = cold.get(BASELINE)!;
      log(`Over ${TARGETS.coldStartMs} ms: ${slowStarts
        .map((s) => {
          const c = cold.get(s.id)!;
          return `${s.id} import() ${ms(c.importMedian)} ms + 1st request ${ms(c.firstMedian)} ms`;
        })
        .join('; ')}; the baseline's import() of ${kb(baseline.bytes)} KB takes ${ms(base.importMedian)} ms, so import() time is the bundle's own parse and evaluation.`);
    }
    log();

    // Against the doc-client-only bundle
    const doc = database.find((s) => s.id === DOC_CLIENT)!;
    const docCold = cold.get(DOC_CLIENT)!;
    const limit = TARGETS.perDocClientOnly;
    log(`== DynamoDB functions against ${DOC_CLIENT} (${kb(doc.bytes)} KB; cold start ${ms(docCold.total.median)} ms: import() ${ms(docCold.importMedian)} ms, GetItem ${ms(docCold.firstMedian)} ms); target ≤ ${limit} × ==`);
    const xmlBytes = new Map(dbFunctions.map((s) => [s.id, bytesByPackage(s.metafile!).filter((p) => isXmlRenderer(p.name)).reduce((sum, p) => sum + p.bytes, 0)]));
    log(
      table(
        ['Function', 'Raw KB', '× doc client', `Size ≤ ${limit} ×`, 'XML renderer KB', 'Cold ms', '× doc client', `Cold ≤ ${limit} ×`, 'import() ms', '1st request ms'],
        dbFunctions.map((s) => {
          const c = cold.get(s.id)!;
          return [
            s.id,
            kb(s.bytes),
            ratio(s.bytes, doc.bytes),
            passFail(s.bytes <= limit * doc.bytes),
            kb(xmlBytes.get(s.id)!),
            ms(c.total.median),
            ratio(c.total.median, docCold.total.median),
            passFail(c.total.median <= limit * docCold.total.median),
            ms(c.importMedian),
            ms(c.firstMedian),
          ];
        }),
      ),
    );
    log('The create and lookup functions answer in the API\'s types, so they also carry the XML renderer (xmlbuilder2 with @oozcitak/* and js-yaml,');
    log('~300 KB) and the other renderers and middy; the redirect function answers a 301 or a small HTML page and carries none of the renderers.');
    for (const s of dbFunctions) {
      const beyond = bytesBeyond(s.metafile!, doc.metafile!);
      const total = beyond.reduce((sum, p) => sum + p.bytes, 0);
      log(`${s.id} holds ${kb(total)} KB beyond ${DOC_CLIENT}: ${beyond.slice(0, 8).map((p) => `${p.name} ${kb(p.bytes)}`).join(', ')}${beyond.length > 8 ? ', …' : ''} (KB).`);
    }
    log(
      `Cold start beyond ${DOC_CLIENT} (differences of medians): ${dbFunctions
        .map((s) => {
          const c = cold.get(s.id)!;
          return `${s.id} import() ${signedMs(c.importMedian - docCold.importMedian)} ms, 1st request ${signedMs(c.firstMedian - docCold.firstMedian)} ms`;
        })
        .join('; ')}.`,
    );
    const staticImports = statics.map((s) => cold.get(s.id)!.importMedian);
    log(
      `For scale: the functions without DynamoDB (renderers and middy, no SDK) take ${ms(Math.min(...staticImports))}–${ms(Math.max(...staticImports))} ms in import(), ` +
        `the baseline ${ms(cold.get(BASELINE)!.importMedian)} ms.`,
    );
    log();

    // Warm
    const warmSubjects = subjects.filter((s) => !s.database);
    const overhead = timerOverheadNs();
    log(`== Warm, in-process: ${WARMUP_CALLS} warm-up calls, then ${TIMED_CALLS} calls timed one by one (hrtime.bigint, timer cost ${overhead.toFixed(0)} ns included), then ${BATCHES} batches of ${BATCH_SIZE} ==`);
    const warmRows: string[][] = [];
    const warm = new Map<string, Map<BenchType, WarmResult>>();
    for (const subject of warmSubjects) {
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
          gated ? passFail(result.perCall.median < TARGETS.warmUs * 1e3) : '-',
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
    log(`${dbFunctions.map((s) => s.id).join(', ')} wait on DynamoDB: their latency is under DynamoDB round trips, next.`);
    log();

    // DynamoDB round trips
    const { warmup, rounds, perRound } = ROUND_TRIPS;
    log(`== DynamoDB round trips, against DynamoDB Local on loopback: ${warmup} untimed calls each, then ${rounds} rounds of ${perRound} call${perRound === 1 ? '' : 's'} each, in a shuffled order per round; sequential, in-process ==`);
    const trips = await measureRoundTrips(subjects, db, seed);
    const bareMedian = trips.bare.median;
    log(
      table(
        ['Call', 'Round trips', 'Median ms', 'p90 ms', 'p99 ms', '× bare UpdateItem', 'Per round trip ms'],
        trips.rows.map((r) => [r.name, String(r.roundTrips), ms(r.summary.median), ms(r.summary.p90), ms(r.summary.p99), ratio(r.summary.median, bareMedian), ms(r.summary.median / r.roundTrips)]),
      ),
    );
    log('Round trips: HTTP requests to DynamoDB Local during one call, counted (diagnostics_channel http.client.request.start). The handlers are the');
    log(`built bundles, each with a client (and connection) of its own; so is the bare UpdateItem, on ${DOC_CLIENT}'s bundled client (lib/db/client.ts's settings).`);
    log('The unbundled redirect (functions/redirect.ts run by tsx), store.countView and the shared bare UpdateItem share lib/db/client.ts\'s client.');
    log(`The create calls include the rate limiter's two UpdateItems. A new URL adds a GetItem (no entry), the itemid UpdateItem and a TransactWriteItems.`);
    const redirectRatio = trips.redirect.median / bareMedian;
    log(`Target: redirect median ≤ ${TARGETS.redirectPerUpdateItem} × bare UpdateItem: ${ms(trips.redirect.median)} ms / ${ms(bareMedian)} ms = ${redirectRatio.toFixed(2)} × → ${passFail(redirectRatio <= TARGETS.redirectPerUpdateItem)}.`);
    const shape = trips.countView.median - trips.bareShared.median;
    const code = trips.redirectSource.median - trips.countView.median;
    const rest = trips.redirect.median - bareMedian - shape - code;
    log(
      `The redirect's ${signedMs(trips.redirect.median - bareMedian)} ms over the bare UpdateItem, from differences of medians: its UpdateItem's condition and ALL_NEW answer ` +
        `${signedMs(shape)} ms (countView − shared bare), the handler's code ${signedMs(code)} ms (unbundled redirect − countView), the rest ${signedMs(rest)} ms ` +
        `(bundle and connection; a connection of its own vs the shared one: ${signedMs(bareMedian - trips.bareShared.median)} ms on the bare UpdateItem).`,
    );
    log();

    // Targets
    const sizeFailures = fnSubjects.filter((s) => s.bytes >= TARGETS.bundleBytes);
    const coldFailures = fnSubjects.filter((s) => cold.get(s.id)!.total.median >= TARGETS.coldStartMs * 1e6);
    const warmFailures = TARGETS.warmFunctions.flatMap((id) =>
      [...(warm.get(id) ?? new Map<BenchType, WarmResult>())].filter(([, r]) => r.perCall.median >= TARGETS.warmUs * 1e3).map(([type, r]) => `${id} ${type} ${us(r.perCall.median)} µs`),
    );
    const largestBundle = Math.max(...fnSubjects.map((s) => s.bytes));
    const slowestCold = Math.max(...fnSubjects.map((s) => cold.get(s.id)!.total.median));
    const slowestWarm = Math.max(...TARGETS.warmFunctions.flatMap((id) => [...(warm.get(id)?.values() ?? [])].map((r) => r.perCall.median)));
    log(`Finished in ${((performance.now() - started) / 1000).toFixed(1)} s (load average now ${loadavg()[0]!.toFixed(2)} on ${cpu.length} cores).`);
    log(
      `${sizeFailures.length ? 'FAIL' : 'PASS'}  bundle size < ${kb(TARGETS.bundleBytes)} KB raw, every function: largest ${kb(largestBundle)} KB` +
        (sizeFailures.length ? ` (${sizeFailures.length}/${fnSubjects.length} over: ${sizeFailures.map((s) => `${s.id} ${kb(s.bytes)} KB`).join(', ')})` : ''),
    );
    log(
      `${coldFailures.length ? 'FAIL' : 'PASS'}  cold start median < ${TARGETS.coldStartMs} ms, every function: slowest ${ms(slowestCold)} ms` +
        (coldFailures.length ? ` (over: ${coldFailures.map((s) => `${s.id} ${ms(cold.get(s.id)!.total.median)} ms`).join(', ')})` : ''),
    );
    log(
      `${warmFailures.length ? 'FAIL' : 'PASS'}  warm median < ${TARGETS.warmUs} µs, ${TARGETS.warmFunctions.join(' and ')} in every type: slowest ${us(slowestWarm)} µs` +
        (warmFailures.length ? ` (over: ${warmFailures.join(', ')})` : ''),
    );
    log(
      `${redirectRatio <= TARGETS.redirectPerUpdateItem ? 'PASS' : 'FAIL'}  redirect median ≤ ${TARGETS.redirectPerUpdateItem} × a bare UpdateItem round trip: ${ms(trips.redirect.median)} ms vs ${ms(bareMedian)} ms (${redirectRatio.toFixed(2)} ×)`,
    );
    for (const s of dbFunctions) {
      const r = s.bytes / doc.bytes;
      log(`${r <= limit ? 'PASS' : 'FAIL'}  ${s.id} bundle size ≤ ${limit} × ${DOC_CLIENT}: ${kb(s.bytes)} KB vs ${kb(doc.bytes)} KB (${r.toFixed(2)} ×)`);
    }
    for (const s of dbFunctions) {
      const c = cold.get(s.id)!.total.median;
      const r = c / docCold.total.median;
      log(`${r <= limit ? 'PASS' : 'FAIL'}  ${s.id} cold start ≤ ${limit} × ${DOC_CLIENT}: ${ms(c)} ms vs ${ms(docCold.total.median)} ms (${r.toFixed(2)} ×)`);
    }
  } finally {
    const dynamoDbLocal = await stackStarting.catch(() => undefined);
    await dynamoDbLocal?.stop();
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
