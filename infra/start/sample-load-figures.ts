/**
 * The figures docs/local.md gives of `npm start`'s sample load, measured here:
 * `npx tsx infra/start/sample-load-figures.ts` (about three minutes; it prints them). Each run
 * starts `npm start` on an empty data folder of its own, on free ports.
 *
 * 1. From the start to the whole sample answering (its "ready" line, then every photo, comment
 *    and counter recounted, infra/dynamodb/gallery-audit.ts); 20 short-URL creations at once,
 *    three times a second apart from the load's start, and once after it. Three runs as `npm
 *    start` runs DynamoDB Local (Java's quick compiler only), three with Java's optimizing
 *    compiler too (_JAVA_OPTIONS, which Java reads after its command line).
 * 2. Stopped (SIGINT, as Ctrl-C) 5 s into the load and started again: the gallery it ends with,
 *    recounted, against the photos and comments of the sample its marker names.
 * 3. The sample's items put into an empty gallery table by each request the bulk path knows
 *    (../ops/gallery/bulk.ts), on disk as `npm start` keeps them and in memory as the tests do.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { nowSeconds, pause } from '../../lib/iso-time';
import { auditGallery, type GalleryAudit } from '../dynamodb/gallery-audit';
import { freePort, startDynamoDbLocal } from '../dynamodb/local';
import { ensureTables } from '../dynamodb/tables';
import { putItems, type PutRequest } from '../ops/gallery/bulk';
import { connect, templateGalleryTable } from '../ops/gallery/connection';
import { SAMPLE_DEFAULTS } from '../local/sample/generator';
import { sampleItems } from '../local/sample/sample-load';
import { readSampleMarker } from '../local/sample/sample-marker';
import { loadTemplate } from '../template/read';

const READY_WITHIN_MS = 600_000;

/** One `npm start`, its output read as it comes. */
class Start {
  private output = '';
  private readonly child: ChildProcess;
  readonly started = performance.now();

  constructor(dataDirectory: string, dynamoDbPort: number, extraEnv: Record<string, string> = {}) {
    const { AWS_ENDPOINT_URL_DYNAMODB: _own, ...env } = process.env;
    // A process group of its own, so that stopping it stops npm, tsx and DynamoDB Local alike.
    this.child = spawn('npm', ['start'], {
      detached: true,
      env: { ...env, ...extraEnv, LOCAL_DATA_DIR: dataDirectory, PORT: '0', SHORT_PORT: '0', DYNAMODB_PORT: String(dynamoDbPort) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [this.child.stdout!, this.child.stderr!]) stream.on('data', (chunk: Buffer) => (this.output += chunk));
  }

  /** The first match of `pattern` in what it printed, waiting for it; and when it came (ms since the start). */
  async waitFor(pattern: RegExp): Promise<{ match: RegExpExecArray; at: number }> {
    const until = performance.now() + READY_WITHIN_MS;
    for (;;) {
      const match = pattern.exec(this.output);
      if (match) return { match, at: performance.now() - this.started };
      if (this.child.exitCode !== null || performance.now() > until) throw new Error(`npm start printed no ${pattern}:\n${this.output}`);
      await pause(50);
    }
  }

  /** Whether it has printed a match of `pattern` yet. */
  printed(pattern: RegExp): boolean {
    return pattern.test(this.output);
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    process.kill(-this.child.pid!, 'SIGINT');
    await exited;
  }
}

/**
 * `count` short-URL creations at once: their statuses and the slowest answer in ms. Each burst
 * has an app key of its own, so that the bursts together stay under the rate limit per app key.
 */
async function creations(api: string, count: number): Promise<{ statuses: number[]; slowestMs: number }> {
  const appKey = encodeURIComponent(`http://my.app/figures/${Date.now()}/`);
  const results = await Promise.all(
    Array.from({ length: count }, async (_, n) => {
      const url = encodeURIComponent(`https://www.example.org/figures/${Date.now()}/${n}/${Math.random()}`);
      const sent = performance.now();
      const answer = await fetch(`${api}/url/short/create?appkey=${appKey}&type=json&url=${url}`);
      await answer.arrayBuffer();
      return { status: answer.status, ms: performance.now() - sent };
    }),
  );
  return { statuses: results.map((r) => r.status), slowestMs: Math.max(...results.map((r) => r.ms)) };
}

const burstLine = (what: string, burst: { statuses: number[]; slowestMs: number }) =>
  `${what}: ${burst.statuses.filter((s) => s === 200).length} of ${burst.statuses.length} answered 200, the slowest in ${Math.round(burst.slowestMs)} ms`;

async function recount(start: Start): Promise<GalleryAudit> {
  const endpoint = (await start.waitFor(/DynamoDB at (\S+)/)).match[1]!;
  const connection = connect({ ...process.env, AWS_ENDPOINT_URL_DYNAMODB: endpoint });
  try {
    return await auditGallery(connection.documents, connection.table);
  } finally {
    connection.close();
  }
}

const auditLine = (audit: GalleryAudit) =>
  `${audit.photos} photos, ${audit.comments} comments, ${audit.counters} counters, ${audit.problems.length} problems${audit.problems.length ? `: ${audit.problems[0]}` : ''}`;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function uninterrupted(dataDirectory: string, extraEnv: Record<string, string>): Promise<void> {
  const start = new Start(dataDirectory, await freePort(), extraEnv);
  try {
    const api = (await start.waitFor(/API listening at (\S+)/)).match[1]!;
    const loading = await start.waitFor(/Sample gallery: (\d+) to go/);
    console.log(`Loading ${loading.match[1]} items began ${seconds(loading.at)} after the start`);
    // The function's cold start first, so that the bursts measure the load's effect alone.
    await creations(api, 1);
    for (let n = 1; n <= 3; n++) {
      await pause(1_000);
      const burst = await creations(api, 20);
      const when = start.printed(/: ready/) ? 'after the load had ended' : 'during the load';
      console.log(burstLine(`20 creations at once, ${when} (${n})`, burst));
    }
    const ready = await start.waitFor(/: ready/);
    const audit = await recount(start);
    console.log(`From the start to the whole gallery answering: ${seconds(ready.at)} (${auditLine(audit)})`);
    console.log(burstLine('20 creations after the load', await creations(api, 20)));
  } finally {
    await start.stop();
  }
}

async function interrupted(dataDirectory: string): Promise<void> {
  const first = new Start(dataDirectory, await freePort());
  try {
    await first.waitFor(/Sample gallery: \d+ to go/);
    await pause(5_000);
    if (first.printed(/: ready/)) console.log('The load ended within 5 s: nothing was left to finish');
  } finally {
    await first.stop();
  }
  const again = new Start(dataDirectory, await freePort());
  try {
    const finished = await again.waitFor(/: ready/);
    if (!again.printed(/last load stopped before the end: finishing it/)) console.log('The second start found no load to finish');
    const audit = await recount(again);
    // The sample is made relative to the time its load began, which the marker keeps.
    const endpoint = (await again.waitFor(/DynamoDB at (\S+)/)).match[1]!;
    const connection = connect({ ...process.env, AWS_ENDPOINT_URL_DYNAMODB: endpoint });
    const { marker } = await readSampleMarker(connection).finally(() => connection.close());
    const whole = await sampleItems(marker!);
    const same = audit.photos === whole.photos && audit.comments === whole.comments;
    console.log(
      `Stopped 5 s into the load, started again: ready ${seconds(finished.at)} after the second start (${auditLine(audit)}); ` +
        `${same && audit.problems.length === 0 ? 'every photo and comment of the sample, counts exact' : 'NOT the whole sample'}`,
    );
  } finally {
    await again.stop();
  }
}

/** Items a second that `request` puts the sample's items at, into a DynamoDB Local of its own. */
async function putRate(request: PutRequest, dataDirectory: string | undefined): Promise<string> {
  const template = loadTemplate();
  // On disk as npm start runs it; in memory as the tests run it.
  const database = await startDynamoDbLocal({ port: await freePort(), dataDirectory, quickCompiler: dataDirectory !== undefined });
  const client = new DynamoDBClient({
    endpoint: database.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  });
  try {
    await ensureTables(client, template);
    const { items } = await sampleItems({ ...SAMPLE_DEFAULTS, now: nowSeconds() });
    const started = performance.now();
    await putItems(DynamoDBDocumentClient.from(client), templateGalleryTable(template), items, { request, concurrency: 1 });
    const elapsed = performance.now() - started;
    return `${items.length} items in ${seconds(elapsed)}: ${Math.round(items.length / (elapsed / 1000))} items/s`;
  } finally {
    client.destroy();
    await database.stop();
  }
}

const RUNS = 3;
const COMPILERS: Array<{ name: string; tag: string; env: Record<string, string> }> = [
  { name: "Java's quick compiler only, as npm start runs DynamoDB Local", tag: 'quick', env: {} },
  {
    name: "Java's optimizing compiler too (_JAVA_OPTIONS=-XX:TieredStopAtLevel=4)",
    tag: 'optimizing',
    env: { _JAVA_OPTIONS: '-XX:TieredStopAtLevel=4' },
  },
];

const folder = mkdtempSync(join(tmpdir(), 'sample-load-figures-'));
try {
  for (const compiler of COMPILERS) {
    for (let run = 1; run <= RUNS; run++) {
      console.log(`\n${compiler.name}, run ${run}:`);
      await uninterrupted(join(folder, `whole-${compiler.tag}-${run}`), compiler.env);
    }
  }
  console.log();
  await interrupted(join(folder, 'interrupted'));
  console.log('\nThe sample put into an empty table:');
  for (const [where, dataDirectory] of [
    ['on disk', join(folder, 'put-rate')],
    ['in memory', undefined],
  ] as const) {
    for (const request of ['TransactWriteItems', 'BatchWriteItem'] as const) {
      const own = dataDirectory && join(dataDirectory, request);
      console.log(`${where}, ${request}: ${await putRate(request, own)}`);
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
