/**
 * Throughput over HTTP: the local stack's API server (`npm start`'s, stack-server.ts) answering
 * GET /containers?type=json under load, against a bare node:http server (bare-server.ts) that
 * answers every request with the stack's own answer to that request, captured from it here
 * first: the same status, header lines and body bytes. Each server runs in a child process of
 * its own; autocannon drives them from this process, one after the other, with the same
 * connections and time, in alternating rounds so that drift in the shared machine hits both
 * alike. What is compared is the stack's whole per-request work (the event, middy, rendering
 * from the memoised body, the log and metric lines written to /dev/null) with the least an HTTP
 * server can do to send those bytes.
 */
import autocannon from 'autocannon';
import { captureResponse, fetchRaw, replayedHeaders, type CapturedResponse } from './captured-response';
import { beginSection, formatValue, log, ms, ratio, table } from '../report/output';
import { functionProcessEnv } from '../setup/project';
import { startServerProcess, type ServerProcess } from './server-process';
import type { StackServerMessage } from './stack-server';
import { summarise } from '../timing/stats';
import { query } from '../setup/subjects';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 2;
const ROUND_SECONDS = 3;
/** ABBA BAAB: each server takes each place of a pair equally often, and runs as long in the section's first half as in its second. */
const ORDER = ['bare', 'stack', 'stack', 'bare', 'stack', 'bare', 'bare', 'stack'] as const;
type Server = (typeof ORDER)[number];

const STACK = 'local stack (infra/local/server.ts, as npm start serves it)';
const BARE = 'bare node:http server, same answer';

export interface ServerFigures {
  /** Answers over all rounds, per second of the rounds. */
  readonly requestsPerSecond: number;
  /** Latency percentiles of every answer of the rounds, ns. */
  readonly p50: number;
  readonly p99: number;
  /** Each round's requests per second. */
  readonly rounds: readonly number[];
}

export interface Throughput {
  /** The request both answer, e.g. `GET /containers?appkey=…&type=json`. */
  readonly request: string;
  readonly stack: ServerFigures;
  readonly bare: ServerFigures;
}

/** Why a run is not a measurement: a request not answered with a 2xx, or in time. */
function failureOf({ errors, timeouts, non2xx, requests }: autocannon.Result): string | undefined {
  return errors || timeouts || non2xx || requests.total === 0
    ? `${requests.total} answers, ${errors} errors, ${timeouts} timeouts, ${non2xx} not 2xx`
    : undefined;
}

/**
 * One run of autocannon against `url`. Each answer's latency goes into `latencies` (ms) as its
 * 'response' event gives it: autocannon's own histogram keeps whole milliseconds, and these
 * answers take a fraction of one.
 */
function drive(server: Server, url: string, seconds: number, latencies: number[]): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds }, (error: unknown, result: autocannon.Result) => {
      const failure = error ? String(error) : failureOf(result);
      if (failure) reject(new Error(`${server} at ${url}: ${failure}`));
      else resolveRun(result);
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => void latencies.push(responseTime));
  });
}

interface Runs {
  readonly results: autocannon.Result[];
  readonly latencies: number[];
}

function figuresOf({ results, latencies }: Runs): ServerFigures {
  const answers = results.reduce((sum, r) => sum + r.requests.total, 0);
  const seconds = results.reduce((sum, r) => sum + r.duration, 0);
  const { median, p99 } = summarise(latencies);
  return {
    requestsPerSecond: answers / seconds,
    p50: median * 1e6,
    p99: p99 * 1e6,
    rounds: results.map((r) => r.requests.total / r.duration),
  };
}

/** The bare server's answer must be the stack's: its status, header lines (less Date) and body bytes. */
async function checkSameAnswer(captured: CapturedResponse, url: string): Promise<void> {
  const { status, rawHeaders, body } = await fetchRaw(url);
  const same =
    status === captured.status &&
    replayedHeaders(rawHeaders).join('\n') === captured.headers.join('\n') &&
    body.toString('base64') === captured.body;
  if (!same)
    throw new Error(
      `the bare server answered ${status} ${JSON.stringify(rawHeaders)}, not the stack's ${captured.status} ${JSON.stringify(captured.headers)}`,
    );
}

async function measure(servers: Record<Server, ServerProcess>, target: string): Promise<Record<Server, ServerFigures>> {
  for (const server of ['bare', 'stack'] as const) await drive(server, servers[server].url + target, WARMUP_SECONDS, []);
  const runs: Record<Server, Runs> = { bare: { results: [], latencies: [] }, stack: { results: [], latencies: [] } };
  for (const server of ORDER) {
    const { results, latencies } = runs[server];
    results.push(await drive(server, servers[server].url + target, ROUND_SECONDS, latencies));
  }
  return { bare: figuresOf(runs.bare), stack: figuresOf(runs.stack) };
}

export async function throughputSection(): Promise<Throughput> {
  const target = `/containers?${query('json')}`;
  const request = `GET ${target}`;
  const perServer = ORDER.length / 2;
  const record = beginSection(
    'Throughput over HTTP',
    `${request} with autocannon, ${CONNECTIONS} connections, from the bench's process; each server in a child process of its own; ` +
      `${WARMUP_SECONDS} s of warm-up each, then ${perServer} rounds of ${ROUND_SECONDS} s each, alternating`,
  );
  const env = functionProcessEnv();
  const started: ServerProcess[] = [];
  try {
    const api: StackServerMessage = { api: 'Api' };
    const stack = await startServerProcess('infra/perf/bench/http/stack-server.ts', env, api);
    started.push(stack);
    const captured = await captureResponse(stack.url + target);
    if (captured.status !== 200) throw new Error(`the local stack answered ${request} with ${captured.status}`);
    const bare = await startServerProcess('infra/perf/bench/http/bare-server.ts', env, captured);
    started.push(bare);
    await checkSameAnswer(captured, bare.url + target);

    const figures = await measure({ bare, stack }, target);
    const rows = [
      [STACK, figures.stack],
      [BARE, figures.bare],
    ] as const;
    const against = (median: number) => ({ subject: BARE, median });
    for (const [subject, f] of rows) {
      record({
        name: 'throughput',
        subject,
        median: f.requestsPerSecond,
        unit: 'requests/s',
        baseline: against(figures.bare.requestsPerSecond),
      });
      record({ name: 'throughput, slowest round', subject, median: Math.min(...f.rounds), unit: 'requests/s' });
      record({ name: 'throughput, fastest round', subject, median: Math.max(...f.rounds), unit: 'requests/s' });
      record({ name: 'latency under load', subject, median: f.p50, p99: f.p99, unit: 'ns', baseline: against(figures.bare.p50) });
    }
    log(
      table(
        ['Server', 'Requests/s', 'Rounds, requests/s', 'p50 ms', 'p99 ms', '× bare'],
        rows.map(([subject, f]) => [
          subject,
          f.requestsPerSecond.toFixed(0),
          f.rounds.map((n) => n.toFixed(0)).join(' '),
          ms(f.p50),
          ms(f.p99),
          ratio(f.requestsPerSecond, figures.bare.requestsPerSecond),
        ]),
      ),
    );
    const bytes = Buffer.from(captured.body, 'base64').length;
    log(
      `Both answer ${captured.status} with the same ${captured.headers.length / 2} header lines and ${bytes} body bytes, captured from the stack and checked on the bare server before timing;`,
    );
    log(
      'under load, every answer of both was a 2xx. Requests/s: answers over all rounds per second of them; p50 and p99: of every answer of the rounds.',
    );
    log(
      "The stack's functions write their log and metric lines (Powertools) to the child's stdout, /dev/null: written, as on Lambda, but not shown.",
    );
    const share = figures.stack.requestsPerSecond / figures.bare.requestsPerSecond;
    // A figure without a target: the local server is a development tool, not what users run.
    log(`The stack answered ${formatValue(share, 'ratio')} the bare server's requests per second.`);
    log();
    return { request, stack: figures.stack, bare: figures.bare };
  } finally {
    await Promise.all(started.map((server) => server.stop()));
  }
}
