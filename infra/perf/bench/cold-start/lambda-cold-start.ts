/**
 * Cold start as Lambda runs it: each bundle in a fresh Node process inside a CPU cgroup capped
 * at the share of a core Lambda gives a memory size (./cpu-cgroup.ts), import() and the first
 * answer timed apart, next to the yardsticks measured in the same cgroups: the bare handler and
 * the floors of what the design requires. The functions without DynamoDB are measured in a first
 * pass and those with it in a second, each pass with the bare handler beside them, and a row's
 * `× bare handler` divides by its own pass's. Every function at TARGET_MB (what the targets are
 * checked at) and at the template's MemorySize; a static function, the short-URL lookup and a
 * gallery function at the other sizes, with the price of a cold start at each: the MemorySize
 * table of docs/performance.md. `--quick` runs each subject twice, at TARGET_MB only.
 */
import { measureColdStarts, type ColdStarts, type ColdSummary } from './cold-start';
import { cpuCgroup, MB_PER_VCPU, PERIOD_US } from './cpu-cgroup';
import { kb, log, ms, table } from '../report/output';
import { QUICK, template } from '../setup/project';
import { memorySizeOf } from '../../../template/functions';
import { floorOf, TARGET_MB } from '../report/target-limits';
import type { RequestFloors } from './request-floors';
import type { Subject, Subjects } from '../setup/subjects';
import { PRICES } from '../../../pricing/model';

/** The memory size template.yaml gives the functions, one for all. */
const CHOSEN_MB = memorySizeOf(template);
const SIZES = QUICK ? [TARGET_MB] : [...new Set([128, 256, 512, 1024, 1769, CHOSEN_MB])].sort((a, b) => a - b);
/**
 * Runs per subject: more at TARGET_MB, whose figures the targets hold, on a shared machine; most
 * for the functions without DynamoDB, whose whole cold start there is some ten periods of the
 * cgroup, so that one period more or less in a few runs moves a ratio by a tenth (and their runs
 * are short: the pass takes a minute and a half).
 */
const RUNS = 7;
const TARGET_RUNS = QUICK ? { static: 2, database: 2 } : ({ static: 31, database: 15 } as const);
/** arm64 Lambda's price per GB-second (us-east-1, infra/pricing/prices.json), for the price of a cold start. */
const PRICE_PER_GB_SECOND = PRICES.lambdaArmGbSecond.usd;
const REPRESENTATIVES = ['ErrorsFunction', 'ShortUrlFunction', 'GalleryPhotosFunction'];
/** The label the bare handler's cold starts of the second pass are kept under, beside the subjects'. */
const databasePassBareOf = (bareId: string) => `${bareId} in the DynamoDB pass`;

export interface LambdaColdStarts {
  /**
   * Per memory size, by subject; the bare handler's under its id is the first pass's, beside the
   * functions without DynamoDB, and the second pass's is kept as `<its id> in the DynamoDB pass`.
   */
  readonly bySize: ReadonlyMap<number, ColdStarts>;
  /** The sizes measured at full speed for want of a cgroup, and why. */
  readonly unavailable: ReadonlyMap<number, string>;
  /** The memory size chosen by chooseMemorySize, per representative function. */
  readonly choices: readonly string[];
}

/** Dollars per million cold starts of `ns` at `memoryMb` (init is billed like the invocation). */
const pricePerMillion = (ns: number, memoryMb: number): number => (ns / 1e9) * (memoryMb / 1024) * PRICE_PER_GB_SECOND * 1e6;

/** The memory size a function is given: the cheapest cold start, or a faster one within 10 % of its price. */
export function chooseMemorySize(priceAndTime: ReadonlyMap<number, { readonly price: number; readonly ns: number }>): number {
  const cheapest = Math.min(...[...priceAndTime.values()].map((p) => p.price));
  const affordable = [...priceAndTime].filter(([, p]) => p.price <= cheapest * 1.1);
  return affordable.sort(([, a], [, b]) => a.ns - b.ns)[0]![0];
}

async function measureAt(
  memoryMb: number,
  subjects: readonly Subject[],
  database: boolean,
): Promise<{ cold: ColdStarts; periodUs?: number; unavailable?: string }> {
  const runs = memoryMb !== TARGET_MB ? RUNS : database ? TARGET_RUNS.database : TARGET_RUNS.static;
  const cgroup = await cpuCgroup(memoryMb);
  if ('unavailable' in cgroup) return { cold: await measureColdStarts(subjects, runs), unavailable: cgroup.unavailable };
  try {
    return { cold: await measureColdStarts(subjects, runs, cgroup), periodUs: cgroup.periodUs };
  } finally {
    await cgroup.remove();
  }
}

export async function lambdaColdStartSection(subjects: Subjects, requestFloors: RequestFloors): Promise<LambdaColdStarts> {
  log(
    `== Cold start as Lambda runs it: a fresh process per run in a CPU cgroup at MB / ${MB_PER_VCPU} of a CPU (${PERIOD_US / 1000} ms period); ` +
      `the mean of the middle half of ${RUNS} runs (${TARGET_RUNS.static} and ${TARGET_RUNS.database} at ${TARGET_MB} MB) ==`,
  );
  const bareId = subjects.baseline.id;
  const yardsticks = [subjects.baseline, subjects.staticFloor, subjects.databaseFloor];
  const bySize = new Map<number, ColdStarts>();
  const periods = new Map<number, string>();
  const unavailable = new Map<number, string>();
  // Those without DynamoDB first, at every size, then those with it: DynamoDB Local, on the
  // machine's other core, stays busy for a while after a DynamoDB function's run, and would slow
  // whatever came next. The bare handler is in both passes, so that each row is set against the
  // bare handler of its own pass, minutes apart from the other's on a shared machine.
  for (const database of [false, true]) {
    for (const memoryMb of SIZES) {
      const measured = (
        memoryMb === TARGET_MB || memoryMb === CHOSEN_MB
          ? [...subjects.functions, ...yardsticks, ...(memoryMb === TARGET_MB ? [...requestFloors.values()].map((r) => r.floor) : [])]
          : [...subjects.functions.filter((s) => REPRESENTATIVES.includes(s.id)), ...yardsticks]
      ).filter((s) => s.database === database || s.id === bareId);
      const run = await measureAt(memoryMb, measured, database);
      const cold = new Map(run.cold);
      if (database) {
        cold.set(databasePassBareOf(bareId), cold.get(bareId)!);
        cold.delete(bareId);
      }
      bySize.set(memoryMb, new Map([...(bySize.get(memoryMb) ?? []), ...cold]));
      periods.set(memoryMb, run.periodUs === undefined ? 'none' : `${run.periodUs / 1000} ms`);
      if (run.unavailable !== undefined && !unavailable.has(memoryMb)) {
        unavailable.set(memoryMb, run.unavailable);
        log(`No CPU cgroup at ${memoryMb} MB (${run.unavailable}): measured at full speed instead.`);
      }
    }
  }
  const at = bySize.get(TARGET_MB)!;
  /** The cold start of the floor a subject is compared with (../report/target-limits.ts), or undefined for a yardstick. */
  const floorCold = (s: Subject) => (s.kind === 'function' ? at.get(floorOf(subjects, s, requestFloors).floor.id)! : undefined);
  log(`At ${TARGET_MB} MB (${(TARGET_MB / MB_PER_VCPU).toFixed(3)} of a CPU):`);
  log(
    table(
      ['Function', 'import() ms', '1st answer ms', 'total ms', 'min–max ms', '× bare handler', '× its floor', 'peak RSS MB'],
      rowsOf([...subjects.all, subjects.staticFloor, subjects.databaseFloor], at, bareId).map(({ id, cold: c, bare, subject }) => {
        const floor = subject === undefined ? undefined : floorCold(subject);
        return [
          id,
          ms(c.importNs),
          ms(c.firstNs),
          ms(c.totalNs),
          `${ms(c.spread.min)}–${ms(c.spread.max)}`,
          (c.totalNs / bare.totalNs).toFixed(2),
          floor === undefined ? '' : (c.totalNs / floor.totalNs).toFixed(2),
          kb(c.maxRssKb),
        ];
      }),
    ),
  );
  log(`(Each figure the mean of its own middle half; × bare handler against ${databasePassBareOf(bareId)} for the DynamoDB rows.)`);
  log();
  log("By memory size (total) and what a million cold starts cost at arm64 Lambda's price per GB-second:");
  const representatives = [...REPRESENTATIVES, ...yardsticks.map((s) => s.id)];
  log(
    table(
      ['MB', 'CPU', 'period', ...representatives.map((id) => `${id} ms`), ...REPRESENTATIVES.map((id) => `${id} $`)],
      [...bySize].map(([memoryMb, cold]) => [
        String(memoryMb),
        (memoryMb / MB_PER_VCPU).toFixed(3),
        periods.get(memoryMb)!,
        ...representatives.map((id) => ms(cold.get(id)!.totalNs)),
        ...REPRESENTATIVES.map((id) => pricePerMillion(cold.get(id)!.totalNs, memoryMb).toFixed(2)),
      ]),
    ),
  );
  const choices = REPRESENTATIVES.map((id) => {
    const priceAndTime = new Map(
      [...bySize].map(([memoryMb, cold]) => {
        const ns = cold.get(id)!.totalNs;
        return [memoryMb, { price: pricePerMillion(ns, memoryMb), ns }] as const;
      }),
    );
    return `${id} ${chooseMemorySize(priceAndTime)} MB`;
  });
  // With one size (--quick) there is no choice to print.
  if (SIZES.length > 1) log(`The cheapest cold start, or a faster one within 10 % of its price: ${choices.join(', ')}.`);
  log();
  return { bySize, unavailable, choices };
}

/** One row of the tables at a memory size: a subject's cold start and the bare handler of its pass. */
interface Row {
  readonly id: string;
  readonly cold: ColdSummary;
  readonly bare: ColdSummary;
  /** Undefined for the second pass's bare handler, which is no subject of its own. */
  readonly subject?: Subject;
}

/**
 * The rows at a memory size, in `subjects`: each subject of the first pass against that pass's
 * bare handler, each DynamoDB subject against the bare handler measured beside them in the second
 * pass, which comes last, after the first pass's.
 */
function rowsOf(subjects: readonly Subject[], cold: ColdStarts, bareId: string): Row[] {
  const firstPassBare = cold.get(bareId)!;
  const secondPassId = databasePassBareOf(bareId);
  const secondPassBare = cold.get(secondPassId)!;
  return [
    ...subjects.map((s) => ({ id: s.id, cold: cold.get(s.id)!, bare: s.database ? secondPassBare : firstPassBare, subject: s })),
    { id: secondPassId, cold: secondPassBare, bare: secondPassBare },
  ];
}
