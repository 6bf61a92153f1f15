/**
 * The scale run's report: each request's read capacity and latency on the sample gallery and on
 * the grown one side by side, the attack's figures, then one PASS or FAIL line per check. The
 * same figures go to infra/perf/results/scale.md (and scale.json, not committed), and the grown gallery's to measured.json.
 */
import { type Check, summary, verdict } from '../report/checks';
import { writeResults } from '../report/files';
import { writeMeasured } from '../report/measured';
import { describeMachine, machineLine } from '../report/machine';
import { markdownTable, table } from '../report/tables';
import type { AttackResult, Probe } from './attack';
import type { GalleryState } from './data';
import { DEFAULT_COUNT } from '../../../lib/gallery/arguments';
import { ITEM_RCU, type Measurement } from './measure';

export type { Check };

export interface ScaleRun {
  readonly sample: { readonly gallery: GalleryState; readonly measurements: readonly Measurement[] };
  readonly grown: { readonly gallery: GalleryState; readonly measurements: readonly Measurement[] };
  readonly attack: AttackResult;
  readonly loadSeconds: number;
}

/** How much more a listing may read on the grown gallery than on the sample (docs/gallery-layout.md: within 1.5 ×). */
const CAPACITY_RATIO_LIMIT = 1.5;

/**
 * What a listing may read on the grown gallery: 1.5 × what it reads on the sample, and the
 * records its page holds beyond the sample's page (a thread of one reply on the sample is a page
 * of one; of five on the grown gallery, a page of five).
 */
function allowance(sample: Pick<Measurement, 'aws' | 'total'>, grown: Pick<Measurement, 'aws' | 'total'>): number {
  const morePageRecords = Math.max(0, Math.min(grown.total, DEFAULT_COUNT) - Math.min(sample.total, DEFAULT_COUNT));
  return CAPACITY_RATIO_LIMIT * sample.aws + ITEM_RCU * morePageRecords;
}

/** Whether a listing reads more on the grown gallery than its allowance. */
export const readsOver = (sample: Pick<Measurement, 'aws' | 'total'>, grown: Pick<Measurement, 'aws' | 'total'>): boolean =>
  grown.aws > allowance(sample, grown);
const PROBE_LIMIT_MS = 1_000;

const units = (n: number) => n.toFixed(1);
const ratio = (grown: number, sample: number) => (sample === 0 ? (grown === 0 ? 1 : Infinity) : grown / sample);

function pairs(run: ScaleRun) {
  return run.sample.measurements.map((sample) => ({ sample, grown: run.grown.measurements.find((m) => m.label === sample.label)! }));
}

const HEADINGS = ['request', 'total (sample / grown)', 'commands (grown)', 'RCU sample', 'RCU grown', 'ratio', 'ms sample', 'ms grown'];
const cells = ({ sample, grown }: ReturnType<typeof pairs>[number]) => [
  sample.label,
  `${sample.total} / ${grown.total}`,
  grown.commands,
  `${units(sample.aws)} (${units(sample.reported)})`,
  `${units(grown.aws)} (${units(grown.reported)})`,
  ratio(grown.aws, sample.aws).toFixed(2),
  sample.latencyMs.toFixed(1),
  grown.latencyMs.toFixed(1),
];

const percentile = (values: readonly number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

function probeRows(probes: readonly Probe[]) {
  return (['before', 'during', 'after'] as const).flatMap((phase) =>
    (['lookup', 'redirect'] as const).map((kind) => {
      const mine = probes.filter((p) => p.phase === phase && p.kind === kind);
      const statuses = [...new Set(mine.map((p) => p.status))].sort().join(' ');
      const ms = mine.map((p) => p.ms);
      return [
        phase,
        kind,
        String(mine.length),
        statuses,
        percentile(ms, 50).toFixed(1),
        percentile(ms, 99).toFixed(1),
        Math.max(...ms).toFixed(1),
      ];
    }),
  );
}
const PROBE_HEADINGS = ['phase', 'probe', 'answers', 'statuses', 'p50 ms', 'p99 ms', 'max ms'];

/** The listing that reads the largest share of its allowance, as the check prints it. */
function closest(listings: ReturnType<typeof pairs>): string {
  const [nearest] = listings
    .map(({ sample, grown }) => ({ label: sample.label, grown: grown.aws, allowed: allowance(sample, grown) }))
    .sort((a, b) => b.grown / b.allowed - a.grown / a.allowed);
  if (nearest === undefined) return 'none';
  return `${nearest.label}, ${units(nearest.grown)} of ${units(nearest.allowed)} RCU (${(nearest.grown / nearest.allowed).toFixed(2)} ×)`;
}

export function checksOf(run: ScaleRun): Check[] {
  const listings = pairs(run).filter(({ sample }) => sample.request.variant === '');
  const over = listings.filter(({ sample, grown }) => readsOver(sample, grown));
  const pastEnd = run.grown.measurements.filter((m) => m.request.variant !== '');
  const firstPages = run.grown.measurements.filter((m) => m.request.route === '/galleryphotos' && m.request.variant === '');
  const pastEndOver = pastEnd.filter((m) => m.commands !== 'BatchGetItem' || m.aws > Math.min(...firstPages.map((f) => f.aws)));
  const probes = run.attack.probes.filter((p) => p.phase !== 'before');
  const badProbes = probes.filter((p) => (p.kind === 'lookup' ? p.status !== 200 : p.status !== 301) || p.ms >= PROBE_LIMIT_MS);
  const worst = Math.max(...run.grown.measurements.map((m) => m.aws));
  return [
    {
      name: `every listing reads at most ${CAPACITY_RATIO_LIMIT} × on the grown gallery what it reads on the sample, besides the records its page holds more`,
      pass: over.length === 0,
      detail:
        over.length === 0
          ? `${listings.length} requests; the closest to its allowance ${closest(listings)}; the most any request reads ${units(worst)} RCU`
          : over.map(({ sample, grown }) => `${sample.label}: ${units(sample.aws)} → ${units(grown.aws)} RCU`).join('; '),
    },
    {
      name: 'an offset past the end reads the total’s counters and nothing more',
      pass: pastEndOver.length === 0,
      detail: pastEnd.map((m) => `${m.request.sort}: ${m.commands}, ${units(m.aws)} RCU`).join('; '),
    },
    {
      name: `under ${run.attack.connections} clients looping on the costliest gallery request, short-URL lookups answer 200 and redirects 301, each in under ${PROBE_LIMIT_MS} ms`,
      pass: probes.length > 0 && badProbes.length === 0,
      detail:
        `${probes.length} probes during and after the attack (${run.attack.requests} attack requests in ${run.attack.seconds} s: ` +
        `${Object.entries(run.attack.statuses)
          .map(([status, n]) => `${status}×${n}`)
          .join(' ')}); ` +
        (badProbes.length === 0
          ? `slowest ${Math.max(...probes.map((p) => p.ms)).toFixed(0)} ms`
          : `${badProbes.length} failed or slow, e.g. ${JSON.stringify(badProbes[0])}`),
    },
  ];
}

export function printRun(run: ScaleRun, checks: readonly Check[]): void {
  console.log(table(HEADINGS, pairs(run).map(cells)));
  console.log('RCU: read capacity units by AWS’s rules from the sizes read, with its minimums (DynamoDB Local’s own figure in brackets).');
  console.log();
  console.log(`Attack: ${run.attack.connections} clients on ${run.attack.target} for ${run.attack.seconds} s`);
  console.log(table(PROBE_HEADINGS, probeRows(run.attack.probes)));
  console.log();
  for (const check of checks) console.log(verdict(check));
  console.log(summary('SCALE', checks));
}

export async function writeRun(run: ScaleRun, checks: readonly Check[]): Promise<void> {
  const date = new Date().toISOString();
  const machine = describeMachine();
  const gallery = (g: GalleryState) =>
    `${g.photosInWindow} photos and ${g.commentsInWindow} comments in the default window, a thread of ${g.named.threadSize} comments`;
  const markdown = [
    '# Scale',
    '',
    `\`npm run scale\` on ${date}: ${machineLine(machine)} at the start. Generated by the run; re-run it to replace.`,
    '',
    `Every gallery endpoint in every sort (a first page of 10, and the window at an offset past its end), each through its function's handler in-process against DynamoDB Local, on the sample gallery (${gallery(run.sample.gallery)}) and after growing it through the importer (${gallery(run.grown.gallery)}; loading took ${run.loadSeconds.toFixed(0)} s). Per-photo requests name the photo with the largest thread of each. RCU: read capacity units by AWS's rules from the sizes read, with its minimums; DynamoDB Local's own figure in brackets. Latency: the median of 9 calls.`,
    '',
    markdownTable(HEADINGS, pairs(run).map(cells)),
    '',
    `## Under attack`,
    '',
    `${run.attack.connections} clients looping on \`${run.attack.target}\` (the costliest request above) for ${run.attack.seconds} s over HTTP against \`npm start\` on the grown gallery, while a probe looks up a short URL and follows it, one request after the other:`,
    '',
    markdownTable(PROBE_HEADINGS, probeRows(run.attack.probes)),
    '',
    '## Checks',
    '',
    ...checks.map((check) => `- ${verdict(check)}`),
    '',
  ].join('\n');
  await writeResults('scale', { date, machine, ...run, checks }, markdown);
  const grown = Object.fromEntries(run.grown.measurements.map((m) => [m.label, { latencyMs: m.latencyMs, aws: m.aws }]));
  writeMeasured('scale', { date, gallery: grown });
}
