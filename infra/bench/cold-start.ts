/**
 * Cold start: a fresh Node process per run imports a bundle and answers one request (XML; the
 * redirect's is the seeded code, the gallery's name the bench's gallery), as Lambda's Node runtime does it. Timed inside the child with
 * process.hrtime from just before `import()` to the resolution of the handler's promise; Node's
 * own start is excluded. Each subject runs COLD_RUNS times, in rounds, and its medians are printed.
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { beginSection, kb, log, ms, passFail, table } from './output';
import { functionProcessEnv } from './project';
import { summarise, type Summary } from './stats';
import { eventFor, type Subject, type Subjects } from './subjects';
import { TARGETS } from './targets';

const COLD_RUNS = 15;

/** Runs in the child (`node --input-type=module -e`); argv: bundle URL, export, event JSON, name. */
const CHILD = `
const [bundleUrl, exportName, eventJson, functionName] = process.argv.slice(1);
const event = JSON.parse(eventJson);
const deadline = Date.now() + 10000;
const context = {
  callbackWaitsForEmptyEventLoop: false, functionName, functionVersion: '$LATEST',
  invokedFunctionArn: 'arn:aws:lambda:local:123456789012:function:' + functionName,
  memoryLimitInMB: '256', awsRequestId: 'bench-cold', logGroupName: '/aws/lambda/' + functionName,
  logStreamName: 'bench', getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  done() {}, fail() {}, succeed() {},
};
const t0 = process.hrtime.bigint();
const module = await import(bundleUrl);
const t1 = process.hrtime.bigint();
const result = await module[exportName](event, context);
const t2 = process.hrtime.bigint();
process.stdout.write('\\n' + JSON.stringify({
  importNs: Number(t1 - t0), firstRequestNs: Number(t2 - t1),
  statusCode: result.statusCode, contentType: result.headers?.['Content-Type'], location: result.headers?.Location,
  bodyBytes: (result.body ?? '').length,
}));
`;

/** The end of a child's stderr: a stack trace quotes the minified line it failed in, whole. */
const tail = (text: string): string =>
  text
    .trim()
    .split('\n')
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .slice(-20)
    .join('\n');

const CHILD_TIMEOUT_MS = 20_000;

export interface ColdStart {
  readonly importNs: number;
  readonly firstRequestNs: number;
  readonly statusCode: number;
  readonly contentType: string | undefined;
  /** The Location header (redirects). */
  readonly location: string | undefined;
  readonly bodyBytes: number;
}

/**
 * One cold start of `bundle` in a fresh process of the running Node (process.execPath), with
 * `env` as its whole environment, as a Lambda function's container has only its own variables.
 */
function coldStart(
  bundle: string,
  exportName: string,
  event: APIGatewayProxyEventV2,
  functionName: string,
  env: Record<string, string>,
): Promise<ColdStart> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', CHILD, pathToFileURL(bundle).href, exportName, JSON.stringify(event), functionName],
      // Bounded: a child that hangs (an open handle after the answer) is killed, and fails the run.
      { env, stdio: ['ignore', 'pipe', 'pipe'], timeout: CHILD_TIMEOUT_MS },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`cold start of ${functionName} exited with ${code ?? 'a signal (timed out?)'}: ${tail(stderr)}`));
        return;
      }
      try {
        // The last line: the function's own log lines and metrics come before it.
        resolveRun(JSON.parse(stdout.split('\n').at(-1)!) as ColdStart);
      } catch {
        reject(new Error(`cold start of ${functionName} printed ${JSON.stringify(stdout.slice(0, 500))} ${tail(stderr)}`));
      }
    });
  });
}

export interface ColdSummary {
  readonly total: Summary;
  readonly importMedian: number;
  readonly firstMedian: number;
}
export type ColdStarts = Map<string, ColdSummary>;

async function measureColdStarts(subjects: readonly Subject[]): Promise<ColdStarts> {
  const env = functionProcessEnv();
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
  const median = (list: ColdStart[], of: (run: ColdStart) => number) => summarise(list.map(of)).median;
  return new Map(
    [...runs].map(([id, list]) => [
      id,
      { total: summarise(list.map((r) => r.importNs + r.firstRequestNs)), importMedian: median(list, (r) => r.importNs), firstMedian: median(list, (r) => r.firstRequestNs) },
    ]),
  );
}

export async function coldStartSection({ all, functions, baseline, docClient }: Subjects): Promise<ColdStarts> {
  const record = beginSection(
    'Cold start',
    `fresh \`node\` process, import() of the bundle + one request (XML; the redirect's is the seeded code, the gallery's the bench's gallery); ${COLD_RUNS} runs each, Node's own start excluded`,
  );
  const cold = await measureColdStarts(all);
  const bare = cold.get(baseline.id)!;
  for (const s of all) {
    const c = cold.get(s.id)!;
    const subject = s.id;
    record({ name: 'cold start', subject, median: c.total.median, p99: c.total.p99, unit: 'ns', baseline: { subject: baseline.id, median: bare.total.median } });
    record({ name: 'cold start, import()', subject, median: c.importMedian, unit: 'ns', baseline: { subject: baseline.id, median: bare.importMedian } });
    record({ name: 'cold start, 1st request', subject, median: c.firstMedian, unit: 'ns', baseline: { subject: baseline.id, median: bare.firstMedian } });
  }
  const slow = (s: Subject) => cold.get(s.id)!.total.median >= TARGETS.coldStartMs * 1e6;
  log(
    table(
      ['Function', 'Median ms', 'Min ms', 'Max ms', 'import() ms', '1st request ms', `< ${TARGETS.coldStartMs} ms`],
      all.map((s) => {
        const c = cold.get(s.id)!;
        return [s.id, ms(c.total.median), ms(c.total.min), ms(c.total.max), ms(c.importMedian), ms(c.firstMedian), s.kind === 'function' ? passFail(!slow(s)) : '-'];
      }),
    ),
  );
  log('(import() and 1st request are medians of their own; they need not add up to the median total.)');
  log(`The DynamoDB functions' and ${docClient.id}'s 1st request includes connecting to DynamoDB Local and its answers: create (deduplicated: the seeded URL)`);
  log('makes 4 round trips, lookup, redirect and the doc-client-only handler 1 each (counted in the round-trips section). The gallery functions\'');
  log('read the bench\'s gallery: a 10-item page of the default window (Select COUNT and Query on byDate, then BatchGetItem), a photo, its comments, …');
  const slowStarts = functions.filter(slow);
  if (slowStarts.length > 0) {
    const parts = slowStarts.map((s) => `${s.id} import() ${ms(cold.get(s.id)!.importMedian)} ms + 1st request ${ms(cold.get(s.id)!.firstMedian)} ms`);
    log(
      `Over ${TARGETS.coldStartMs} ms: ${parts.join('; ')}; the baseline's import() of ${kb(baseline.bytes)} KB takes ${ms(cold.get(baseline.id)!.importMedian)} ms, ` +
        'so import() time is the bundle\'s own parse and evaluation.',
    );
  }
  log();
  return cold;
}
