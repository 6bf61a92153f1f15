/** The requests each DynamoDB function sends in a cold start, recorded by a proxy before DynamoDB Local, and DatabaseFloor replaying them. */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { type Bundle, buildFloor } from './bundles';
import { checkedColdStart } from './cold-start';
import { functionProcessEnv, LOOKUP, routeOf } from './project';
import { requestFloorSubject, type Subject, type Subjects } from './subjects';

/** The operations the functions send (X-Amz-Target's last part), which a request floor can replay. */
export const OPERATIONS = ['GetItem', 'BatchGetItem', 'Query', 'UpdateItem', 'PutItem', 'DeleteItem', 'TransactWriteItems'] as const;
export type Operation = (typeof OPERATIONS)[number];

/** What the proxy saw, in order: a request (operation, DynamoDB JSON body) or an answer going back. */
export type Exchange = { readonly request: string; readonly body: unknown } | { readonly answer: true };

/** Rounds of requests: each round's sent at once, before any of them was answered. */
export type RequestScript = readonly (readonly { readonly operation: Operation; readonly input: Record<string, unknown> }[])[];

/** DatabaseFloor replaying `script` (./yardsticks/request-floor.ts), bundled as DatabaseFloor is. */
export const buildRequestFloor = (dir: string, script: RequestScript): Promise<Bundle> =>
  buildFloor(dir, routeOf(LOOKUP).fn, 'request-floor', { REQUEST_SCRIPT: JSON.stringify(script) });

export type RequestFloors = ReadonlyMap<string, { readonly script: RequestScript; readonly floor: Subject }>;

export function scriptOf(exchanges: readonly Exchange[]): RequestScript {
  const rounds: { operation: Operation; input: Record<string, unknown> }[][] = [];
  let answered = true;
  for (const exchange of exchanges) {
    if ('answer' in exchange) {
      answered = true;
      continue;
    }
    if (!(OPERATIONS as readonly string[]).includes(exchange.request)) throw new Error(`a request floor cannot replay ${exchange.request}`);
    if (answered) rounds.push([]);
    answered = false;
    rounds.at(-1)!.push({ operation: exchange.request as Operation, input: exchange.body as Record<string, unknown> });
  }
  return rounds;
}

export const requestsOf = (script: RequestScript): number => script.reduce((sum, round) => sum + round.length, 0);

/** `Query + BatchGetItem, then BatchGetItem`. */
export const describeScript = (script: RequestScript): string =>
  script.map((round) => round.map((r) => r.operation).join(' + ')).join(', then ') || 'none';

/** A proxy before `upstream` that records each request and answer, as `seen` hands them over. */
export async function recordingProxy(upstream: URL) {
  const exchanges: Exchange[] = [];
  const proxy = createServer(async (incoming, outgoing) => {
    const body = Buffer.concat(await incoming.toArray());
    const operation = String(incoming.headers['x-amz-target']).split('.').at(-1)!;
    exchanges.push({ request: operation, body: JSON.parse(body.toString('utf8')) });
    const forwarded = request(upstream, { method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      exchanges.push({ answer: true });
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    forwarded.on('error', () => outgoing.destroy());
    forwarded.end(body);
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    seen: (): Exchange[] => exchanges.splice(0),
    close: () => new Promise<void>((closed) => proxy.close(() => closed())),
  };
}

export async function requestFloorsOf(subjects: Subjects, scratch: string): Promise<RequestFloors> {
  const env = functionProcessEnv();
  const proxy = await recordingProxy(new URL(env.AWS_ENDPOINT_URL_DYNAMODB!));
  try {
    const floors = new Map<string, { script: RequestScript; floor: Subject }>();
    for (const fn of subjects.functions.filter((s) => s.database)) {
      proxy.seen();
      await checkedColdStart(fn, { ...env, AWS_ENDPOINT_URL_DYNAMODB: proxy.endpoint });
      const script = scriptOf(proxy.seen());
      const bundle = await buildRequestFloor(join(scratch, 'request-floors', fn.id), script);
      floors.set(fn.id, { script, floor: requestFloorSubject(fn, bundle, subjects.databaseFloor) });
    }
    return floors;
  } finally {
    await proxy.close();
  }
}
