/**
 * Ten clients looping on the gallery's most expensive request, over HTTP against `npm start`
 * (a child process on the run's DynamoDB Local), while a probe looks up a short URL through the
 * API and follows it on the short-link host, one request after the other, before, during and
 * after the attack: the other endpoints must keep answering, and quickly.
 */
import autocannon from 'autocannon';
import { APP_KEY } from '../bench/project';

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
  readonly statuses: Record<string, number>;
  readonly probes: readonly Probe[];
}

const CONNECTIONS = 10;
const QUIET_SECONDS = 5;
/** A bound on the attack's count besides its time. */
const MAX_REQUESTS_PER_SECOND = 1_000;

async function probeOnce(origins: { api: string; shortLinks: string }, code: string, phase: Probe['phase']): Promise<Probe[]> {
  const timed = async (kind: Probe['kind'], url: string): Promise<Probe> => {
    const started = performance.now();
    const answer = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
    await answer?.arrayBuffer();
    return { phase, kind, status: answer?.status ?? 0, ms: performance.now() - started };
  };
  return [
    await timed('lookup', `${origins.api}/url/short/${code}?type=json&appkey=${encodeURIComponent(APP_KEY)}`),
    await timed('redirect', `${origins.shortLinks}/${code}`),
  ];
}

async function probeFor(
  seconds: number,
  origins: { api: string; shortLinks: string },
  code: string,
  phase: Probe['phase'],
  into: Probe[],
): Promise<void> {
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    into.push(...(await probeOnce(origins, code, phase)));
    await new Promise((tick) => setTimeout(tick, 50));
  }
}

export async function attack(
  origins: { api: string; shortLinks: string },
  galleryTarget: string,
  code: string,
  seconds: number,
): Promise<AttackResult> {
  const probes: Probe[] = [];
  await probeFor(QUIET_SECONDS, origins, code, 'before', probes);
  const path = `${galleryTarget}&type=json&appkey=${encodeURIComponent(APP_KEY)}`;
  const statuses: Record<string, number> = {};
  const running = autocannon({
    url: origins.api,
    connections: CONNECTIONS,
    duration: seconds,
    maxOverallRequests: MAX_REQUESTS_PER_SECOND * seconds,
    timeout: 30,
    requests: [
      {
        method: 'GET',
        path,
        onResponse: (status: number) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
        },
      },
    ],
  });
  await probeFor(seconds, origins, code, 'during', probes);
  const result = await running;
  await probeFor(QUIET_SECONDS, origins, code, 'after', probes);
  return { target: galleryTarget, connections: CONNECTIONS, seconds, requests: result.requests.total, statuses, probes };
}
