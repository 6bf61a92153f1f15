/** The scale run's report: each gallery route's read units and latency (also to measured.json, which cost prices), and the attack's probes and check. */
import { writeMeasured } from '../report/measured';
import { type Check, reportRun } from '../report/run-report';
import { statusList } from '../load/hot-link';
import type { AttackResult, Probe } from './attack';
import type { GalleryState } from './data';
import type { Measurement } from './measure';

const PROBE_LIMIT_MS = 1_000;

const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

function probeRows(probes: readonly Probe[]): string[][] {
  return (['before', 'during', 'after'] as const).flatMap((phase) =>
    (['lookup', 'redirect'] as const).map((kind) => {
      const mine = probes.filter((p) => p.phase === phase && p.kind === kind);
      const ms = mine.map((p) => p.ms);
      const statuses = [...new Set(mine.map((p) => p.status))].sort().join(' ');
      const times = [percentile(ms, 50), percentile(ms, 99), Math.max(...ms)].map((n) => n.toFixed(1));
      return [phase, kind, String(mine.length), statuses, ...times];
    }),
  );
}

export function attackCheck({ connections, probes: all, requests, seconds, statuses }: AttackResult): Check {
  const probes = all.filter((p) => p.phase !== 'before');
  const bad = probes.filter((p) => p.status !== (p.kind === 'lookup' ? 200 : 301) || p.ms >= PROBE_LIMIT_MS);
  const slowest = Math.max(...probes.map((p) => p.ms)).toFixed(0);
  return {
    name: `under ${connections} clients looping on the costliest gallery request, short-URL lookups answer 200 and redirects 301, each in under ${PROBE_LIMIT_MS} ms`,
    pass: probes.length > 0 && bad.length === 0,
    detail:
      `${probes.length} probes during and after the attack (${requests} attack requests in ${seconds} s: ${statusList(statuses)}); ` +
      (bad.length === 0 ? `slowest ${slowest} ms` : `${bad.length} failed or slow, e.g. ${JSON.stringify(bad[0])}`),
  };
}

export async function reportScale(gallery: GalleryState, measurements: readonly Measurement[], attack: AttackResult, check: Check) {
  const date = await reportRun(
    'scale',
    `Each gallery route's first page in the default sort, through its function's handler in-process against DynamoDB Local, on a gallery grown through the importer to ${gallery.photosInWindow} photos in the default window and a thread of ${gallery.named.threadSize} comments. RCU: read capacity units by AWS's rules from the sizes read, with its minimums. Latency: the median of 9 calls. \`npm run cost\` prices a gallery request by these.`,
    [
      { header: ['request', 'RCU', 'ms'], rows: measurements.map((m) => [m.label, m.aws.toFixed(1), m.latencyMs.toFixed(1)]) },
      '## Under attack',
      `${attack.connections} clients looping on \`${attack.target}\` for ${attack.seconds} s over HTTP against \`npm start\` on the grown gallery, while a probe looks up a short URL and follows it, one request after the other:`,
      { header: ['phase', 'probe', 'answers', 'statuses', 'p50 ms', 'p99 ms', 'max ms'], rows: probeRows(attack.probes) },
    ],
    [check],
  );
  const figures = measurements.map((m) => [m.label, { latencyMs: m.latencyMs, aws: m.aws }]);
  writeMeasured('scale', { date: date.toISOString(), gallery: Object.fromEntries(figures) });
}
