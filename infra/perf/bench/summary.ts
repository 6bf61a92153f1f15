/** The bench's summary, printed last and, in a full run, written to bench.md; the warm figures `npm run cost` prices to measured.json. */
import { bytesByPackage } from '../../bundle/esbuild';
import { log } from '../report/console';
import { writeMeasured } from '../report/measured';
import { type Check, type Part, runMarkdown, writeRunMarkdown } from '../report/run-report';
import { kb, ms, ratio, us } from '../report/tables';
import { MB_PER_VCPU } from './cpu-cgroup';
import { type MemorySizes, pricePerMillion, REPRESENTATIVES } from './memory-sizes';
import { QUICK } from './project';
import { describeScript, type RequestFloors, requestsOf } from './request-floors';
import type { Subject, Subjects } from './subjects';
import { coldFigure, floorOf, TARGET_MB } from './targets';
import type { Warm } from './warm';

function atTarget(subjects: Subjects, requestFloors: RequestFloors, sizes: MemorySizes, warm: Warm): Part[] {
  const cold = sizes.bySize.get(TARGET_MB)!;
  const totalOf = (s: Subject) => cold.get(s.id)!.totalNs;
  const rows = [...subjects.functions, subjects.staticFloor, subjects.databaseFloor].map((s) => {
    const own = cold.get(s.id)!;
    const limits = s.kind === 'function' ? floorOf(subjects, s, requestFloors) : undefined;
    const request = limits?.requestFloor === undefined ? '' : ms(totalOf(limits.requestFloor));
    const figure = limits === undefined ? '' : `${coldFigure(totalOf, s, limits).toFixed(2)} (≤ ${limits.coldLimit})`;
    const times = [own.importNs, own.firstNs, own.totalNs].map(ms);
    const warmNs = s === subjects.databaseFloor ? warm.bareUpdateItem : warm.byFunction.get(s.id);
    const ofFloor = (of: (s: Subject) => number) => (limits === undefined ? '' : ratio(of(s), of(limits.floor)));
    const cells = [kb(s.bytes), kb(s.gzipBytes), ofFloor((x) => x.bytes), ...times, kb(own.maxRssKb), ofFloor(totalOf), request, figure];
    return [s.id, ...cells, warmNs === undefined ? '' : us(warmNs)];
  });
  const header = 'subject|KB|gzip KB|× floor|import() ms|1st answer ms|total ms|peak RSS MB|× floor|its requests ms|target figure|warm µs';
  return [
    `## At ${TARGET_MB} MB (${(TARGET_MB / MB_PER_VCPU).toFixed(3)} of a CPU), against the floors`,
    "The target figure: × StaticFloor for a function without DynamoDB; for the others, the cold start less its requests' on DatabaseFloor, ÷ DatabaseFloor's. Warm: the XML answer's median, or the DynamoDB call's.",
    { header: header.split('|'), rows },
    'The requests each DynamoDB function sent, in rounds:',
    [...requestFloors].map(([id, { script }]) => `- ${id}: ${requestsOf(script)}: ${describeScript(script)}`).join('\n'),
  ];
}

function perMemorySize(subjects: Subjects, { bySize, choices }: MemorySizes): Part[] {
  if (bySize.size === 1) return [];
  const measured = [...subjects.functions.filter((s) => REPRESENTATIVES.includes(s.id)), subjects.staticFloor, subjects.databaseFloor];
  const cell = (mb: number, s: Subject) => {
    const ns = bySize.get(mb)!.get(s.id)!.totalNs;
    return `${ms(ns)} ($${pricePerMillion(ns, mb).toFixed(2)})`;
  };
  return [
    "## Cold start per memory size, ms (a million's price)",
    {
      header: ['subject', ...[...bySize.keys()].map((mb) => `${mb} MB`)],
      rows: measured.map((s) => [s.id, ...[...bySize.keys()].map((mb) => cell(mb, s))]),
    },
    `Memory size: ${choices.join(', ')} (the cheapest cold start, or a faster one within 10 % of its price).`,
  ];
}

function beyondFloors(subjects: Subjects): Part[] {
  const lines = subjects.functions.map((s) => {
    const floor = new Map(bytesByPackage(floorOf(subjects, s).floor.metafile).map((p) => [p.name, p.bytes]));
    const beyond = bytesByPackage(s.metafile)
      .map((p) => ({ name: p.name, bytes: p.bytes - (floor.get(p.name) ?? 0) }))
      .filter((p) => p.bytes >= 103)
      .sort((a, b) => b.bytes - a.bytes);
    return `- ${s.id}: ${kb(beyond.reduce((sum, p) => sum + p.bytes, 0))}: ${beyond.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ')}`;
  });
  return ['## What each bundle holds beyond its floor (KB)', lines.join('\n')];
}

export async function reportBench(
  subjects: Subjects,
  requestFloors: RequestFloors,
  sizes: MemorySizes,
  warm: Warm,
  checks: readonly Check[],
  date: Date,
) {
  const parts = [...atTarget(subjects, requestFloors, sizes, warm), ...perMemorySize(subjects, sizes), ...beyondFloors(subjects)];
  const verdict = QUICK ? 'BENCH (quick: no results written)' : 'BENCH';
  const markdown = runMarkdown('bench', date, 'docs/performance.md says how it measures.', parts, checks, verdict);
  if (!QUICK) {
    writeMeasured('bench', { date: date.toISOString(), warmNs: Object.fromEntries(warm.byFunction) });
    await writeRunMarkdown('bench', markdown);
    log('Wrote infra/perf/results/bench.md and measured.json:\n');
  }
  log(markdown);
}
