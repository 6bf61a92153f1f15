/** Warm, in-process medians: the static functions in every type, the short-URL ones beside a bare UpdateItem on DatabaseFloor's client. */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { RESPONSE_TYPES } from '../../../lib/render';
import { handlerIn, importHandler } from '../../local/invoke';
import { log } from '../report/console';
import { benchContext, CREATE, LOOKUP, must, REDIRECT, typedPath } from './project';
import { recordingProxy } from './request-floors';
import { median } from './stats';
import { eventFor, type Subject, type Subjects } from './subjects';

const WARMUP = { static: 2_000, database: 300 };
const TIMED = { static: 20_000, database: 400 };
/** No code or link has this key. */
const SCRATCH_KEY = { pk: 'bench#scratch' };

export interface Warm {
  /** Median ns: the XML answer's for the static functions; the redirect, the lookup and a new link's creation. */
  readonly byFunction: Map<string, number>;
  readonly byType: Array<{ id: string; type: string; medianNs: number }>;
  readonly bareUpdateItem: number;
  /** DynamoDB requests a warm redirect sends, on average. */
  readonly redirectRequests: number;
}

async function measure(warmup: number, timed: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < warmup; i++) await call();
  const samples = new Float64Array(timed);
  for (let i = 0; i < timed; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  return median(samples);
}

async function handlerCall(subject: Subject, status: number, eventOf: (n: number) => APIGatewayProxyEventV2) {
  const handler = await importHandler(subject.file, subject.exportName);
  const context = benchContext(subject.id);
  let n = 0;
  return async () => must(subject.id, await handler(eventOf(n++), context), status);
}

/**
 * The DynamoDB requests a warm call of `subject` sends, on average over `calls`: a fresh copy of
 * its bundle, sending through a proxy that records them, once warmed by a call of its own.
 */
async function warmRequests(subject: Subject, calls: number): Promise<number> {
  const upstream = process.env.AWS_ENDPOINT_URL_DYNAMODB!;
  const proxy = await recordingProxy(new URL(upstream));
  process.env.AWS_ENDPOINT_URL_DYNAMODB = proxy.endpoint;
  try {
    const copy = await import(`${pathToFileURL(resolve(subject.file)).href}?requests`);
    const handler = handlerIn(copy, subject.file, subject.exportName);
    const call = async () => must(subject.id, await handler(eventFor(subject), benchContext(subject.id)), subject.answer.status);
    await call();
    proxy.seen();
    for (let i = 0; i < calls; i++) await call();
    return proxy.seen().filter((exchange) => 'request' in exchange).length / calls;
  } finally {
    process.env.AWS_ENDPOINT_URL_DYNAMODB = upstream;
    await proxy.close();
  }
}

export async function measureWarm({ functions, databaseFloor }: Subjects): Promise<Warm> {
  log(`== Warm, in-process: ${WARMUP.static} untimed calls, then ${TIMED.static} timed one by one (DynamoDB: ${TIMED.database}) ==`);
  const byFunction = new Map<string, number>();
  const byType: Warm['byType'] = [];
  for (const subject of functions.filter((s) => !s.database)) {
    for (const type of RESPONSE_TYPES) {
      const event = eventFor(subject, type);
      // $default answers 404, but 200 to a javascript client, whose status is in the body.
      const status = subject.answer.status === 404 && type !== 'javascript' ? 404 : 200;
      const medianNs = await measure(WARMUP.static, TIMED.static, await handlerCall(subject, status, () => event));
      byType.push({ id: subject.id, type, medianNs });
      if (type === 'xml') byFunction.set(subject.id, medianNs);
    }
  }
  const subject = (id: string) => functions.find((s) => s.id === id)!;
  const tag = Date.now().toString(36);
  const newLink = (n: number) =>
    eventFor(subject(CREATE), undefined, typedPath(`/url/short/create?url=${encodeURIComponent(`https://bench.test/${tag}/${n}`)}`));
  for (const s of [CREATE, LOOKUP, REDIRECT].map(subject)) {
    const call = await handlerCall(s, s.answer.status, s.id === CREATE ? newLink : () => eventFor(s));
    byFunction.set(s.id, await measure(WARMUP.database, TIMED.database, call));
  }
  const { addOne } = (await import(pathToFileURL(databaseFloor.file).href)) as typeof import('./yardsticks/database-floor');
  const bareUpdateItem = await measure(WARMUP.database, TIMED.database, () => addOne(SCRATCH_KEY));
  return { byFunction, byType, bareUpdateItem, redirectRequests: await warmRequests(subject(REDIRECT), 20) };
}
