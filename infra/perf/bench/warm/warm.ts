/**
 * Warm, in-process latency: every function without DynamoDB (and the bare handler) per response
 * type, and the short-URL functions against DynamoDB Local next to a bare UpdateItem on
 * DatabaseFloor's client, each call awaited and timed on its own; the summary (../report/summary.ts) shows the medians.
 */
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { RESPONSE_TYPES } from '../../../../lib/render';
import { importHandler } from '../../../local/invoke';
import { benchContext, CREATE, LOOKUP, must, query, REDIRECT } from '../setup/project';
import { BASELINE, eventFor, type Subject, type Subjects } from '../setup/subjects';
import { log } from '../../report/console';
import { median, timeEach } from '../timing/stats';

const WARMUP = { static: 2_000, database: 300 };
const TIMED = { static: 20_000, database: 400 };
/** The item the bare UpdateItem counts in: no code or link has this key. */
const SCRATCH_KEY = { pk: 'bench#scratch' };

export interface Warm {
  /** Median ns per function: the XML answer's for the static ones, the redirect, lookup and a new link's creation. */
  readonly byFunction: Map<string, number>;
  /** Per static function and type, for the warm target. */
  readonly byType: Array<{ id: string; type: string; medianNs: number }>;
  readonly bareUpdateItem: number;
}

/** The median of `timed` calls after `warmup` untimed ones. */
async function measure(warmup: number, timed: number, call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < warmup; i++) await call();
  return median(await timeEach(timed, call));
}

/** A handler answering `status` to the event `eventOf(n)` gives its nth call. */
async function handlerCall(subject: Subject, status: number, eventOf: (n: number) => APIGatewayProxyEventV2) {
  const handler = await importHandler(subject.file, subject.exportName);
  const context = benchContext(subject.id);
  let n = 0;
  return async () => must(subject.id, await handler(eventOf(n++), context), status);
}

export async function warmSection({ all, databaseFloor }: Subjects): Promise<Warm> {
  log(`== Warm, in-process: ${WARMUP.static} untimed calls, then ${TIMED.static} timed one by one (DynamoDB: ${TIMED.database}) ==`);
  const byFunction = new Map<string, number>();
  const byType: Warm['byType'] = [];
  for (const subject of all.filter((s) => !s.database)) {
    for (const type of subject.id === BASELINE ? (['xml'] as const) : RESPONSE_TYPES) {
      const event = eventFor(subject, type);
      const medianNs = await measure(WARMUP.static, TIMED.static, await handlerCall(subject, subject.status!(type), () => event));
      byType.push({ id: subject.id, type, medianNs });
      if (type === 'xml') byFunction.set(subject.id, medianNs);
    }
  }
  const subject = (id: string) => all.find((s) => s.id === id)!;
  const tag = Date.now().toString(36);
  const newLink = (n: number) =>
    eventFor(
      subject(CREATE),
      undefined,
      `/url/short/create?${query(undefined)}&url=${encodeURIComponent(`https://bench.test/${tag}/${n}`)}`,
    );
  const cases: Array<[string, number, (n: number) => APIGatewayProxyEventV2]> = [
    [CREATE, 200, newLink],
    [LOOKUP, 200, () => eventFor(subject(LOOKUP), undefined)],
    [REDIRECT, 301, () => eventFor(subject(REDIRECT), undefined)],
  ];
  for (const [id, status, eventOf] of cases) {
    byFunction.set(id, await measure(WARMUP.database, TIMED.database, await handlerCall(subject(id), status, eventOf)));
  }
  const { addOne } = (await import(pathToFileURL(databaseFloor.file).href)) as typeof import('../yardsticks/database-floor');
  const bareUpdateItem = await measure(WARMUP.database, TIMED.database, () => addOne(SCRATCH_KEY));
  return { byFunction, byType, bareUpdateItem };
}
