/**
 * The requests each DynamoDB function sends in a cold start, recorded on their way to DynamoDB
 * Local by a proxy on loopback (one cold start of each, at full speed), and each function's
 * request floor built from them (../yardsticks/request-floor.ts): what the cold-start target
 * holds the function's own share against (../report/targets.ts).
 */
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { buildRequestFloor } from '../bundles/bundles';
import { checkedColdStart } from './cold-start';
import { scriptOf, type Exchange, type RequestScript } from '../yardsticks/request-script';
import { functionProcessEnv } from '../setup/project';
import { requestFloorSubject, type Subject, type Subjects } from '../setup/subjects';

export interface RequestFloor {
  /** What the function sent. */
  readonly script: RequestScript;
  /** DatabaseFloor sending the same. */
  readonly floor: Subject;
}

/** By DynamoDB function id. */
export type RequestFloors = ReadonlyMap<string, RequestFloor>;

/** A proxy to `upstream` on a free loopback port that notes each request and each answer in `seen()`. */
async function recordingProxy(upstream: URL) {
  let exchanges: Exchange[] = [];
  const proxy = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = Buffer.concat(chunks);
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
  });
  await new Promise<void>((listening) => proxy.listen(0, '127.0.0.1', listening));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    /** What was seen since the last call. */
    seen: (): Exchange[] => {
      const seen = exchanges;
      exchanges = [];
      return seen;
    },
    close: () => new Promise<void>((closed) => proxy.close(() => closed())),
  };
}

export async function requestFloorsOf(subjects: Subjects, scratch: string): Promise<RequestFloors> {
  const env = functionProcessEnv();
  const proxy = await recordingProxy(new URL(env.AWS_ENDPOINT_URL_DYNAMODB!));
  try {
    const floors = new Map<string, RequestFloor>();
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
