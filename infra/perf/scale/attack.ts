/** Ten clients looping on the costliest gallery request against `npm start`, while a probe looks up a short URL and follows it. */
import autocannon from 'autocannon';
import { typedPath } from '../bench/project';
import type { Origins } from '../load/drive';

export interface Probe {
  readonly phase: 'before' | 'during' | 'after';
  readonly kind: 'lookup' | 'redirect';
  readonly status: number;
  readonly ms: number;
}

export interface AttackResult {
  readonly target: string;
  readonly connections: number;
  readonly seconds: number;
  readonly requests: number;
  readonly statuses: ReadonlyMap<number, number>;
  readonly probes: readonly Probe[];
}

const CONNECTIONS = 10;
const QUIET_SECONDS = 5;
const MAX_REQUESTS_PER_SECOND = 1_000;

export async function attack(origins: Origins, target: string, code: string, seconds: number): Promise<AttackResult> {
  const probes: Probe[] = [];
  const timed = async (phase: Probe['phase'], kind: Probe['kind'], url: string) => {
    const started = performance.now();
    const answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
    await answer?.arrayBuffer();
    probes.push({ phase, kind, status: answer?.status ?? 0, ms: performance.now() - started });
  };
  const probeFor = async (phase: Probe['phase'], forSeconds: number) => {
    for (const until = performance.now() + forSeconds * 1000; performance.now() < until; ) {
      await timed(phase, 'lookup', typedPath(`${origins.api}/url/short/${code}`, 'json'));
      await timed(phase, 'redirect', `${origins.shortLinks}/${code}`);
      await new Promise((tick) => setTimeout(tick, 50));
    }
  };
  await probeFor('before', QUIET_SECONDS);
  const statuses = new Map<number, number>();
  const count = (status: number) => void statuses.set(status, (statuses.get(status) ?? 0) + 1);
  const running = autocannon({
    url: origins.api,
    connections: CONNECTIONS,
    duration: seconds,
    maxOverallRequests: MAX_REQUESTS_PER_SECOND * seconds,
    timeout: 30,
    requests: [{ method: 'GET', path: typedPath(target, 'json'), onResponse: count }],
  });
  await probeFor('during', seconds);
  const result = await running;
  await probeFor('after', QUIET_SECONDS);
  return { target, connections: CONNECTIONS, seconds, requests: result.requests.total, statuses, probes };
}
