/**
 * Cold start as Lambda runs it: every subject in a fresh process inside a CPU cgroup at a memory
 * size's share of a core (./cpu-cgroup.ts), every function at TARGET_MB and the template's
 * MemorySize, three representatives at the other sizes, whose prices pick the memory size.
 */
import { measureColdStarts, type ColdStarts } from './cold-start';
import { cpuCgroup, MB_PER_VCPU, PERIOD_US } from './cpu-cgroup';
import { log } from '../../report/console';
import { QUICK, template } from '../setup/project';
import { memorySizeOf } from '../../../template/functions';
import { TARGET_MB } from '../report/targets';
import type { RequestFloors } from './request-floors';
import type { Subject, Subjects } from '../setup/subjects';
import { PRICES } from '../../../pricing/model';

/** The memory size template.yaml gives the functions, one for all. */
const CHOSEN_MB = memorySizeOf(template);
const SIZES = QUICK ? [TARGET_MB] : [...new Set([128, 256, 512, 1024, 1769, CHOSEN_MB])].sort((a, b) => a - b);
/**
 * Runs per subject: more at TARGET_MB, whose figures the targets hold; most for the functions
 * without DynamoDB, whose cold start there is a few periods of the cgroup, so one period more or less moves a ratio.
 */
const RUNS = 7;
const TARGET_RUNS = QUICK ? { static: 2, database: 2 } : ({ static: 31, database: 15 } as const);
/** arm64 Lambda's price per GB-second (us-east-1, infra/pricing/prices.json), for the price of a cold start. */
const PRICE_PER_GB_SECOND = PRICES.lambdaArmGbSecond.usd;
const REPRESENTATIVES = ['ErrorsFunction', 'ShortUrlFunction', 'GalleryPhotosFunction'];

export interface LambdaColdStarts {
  /** Per memory size, by subject. */
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
): Promise<{ cold: ColdStarts; unavailable?: string }> {
  const runs = memoryMb !== TARGET_MB ? RUNS : database ? TARGET_RUNS.database : TARGET_RUNS.static;
  const cgroup = await cpuCgroup(memoryMb);
  if ('unavailable' in cgroup) return { cold: await measureColdStarts(subjects, runs), unavailable: cgroup.unavailable };
  try {
    return { cold: await measureColdStarts(subjects, runs, cgroup) };
  } finally {
    await cgroup.remove();
  }
}

export async function lambdaColdStartSection(subjects: Subjects, requestFloors: RequestFloors): Promise<LambdaColdStarts> {
  log(
    `== Cold start as Lambda runs it: a fresh process per run in a CPU cgroup at MB / ${MB_PER_VCPU} of a CPU (${PERIOD_US / 1000} ms period); ` +
      `the mean of the middle half of ${RUNS} runs (${TARGET_RUNS.static} and ${TARGET_RUNS.database} at ${TARGET_MB} MB) ==`,
  );
  const yardsticks = [subjects.baseline, subjects.staticFloor, subjects.databaseFloor];
  const bySize = new Map<number, ColdStarts>();
  const unavailable = new Map<number, string>();
  // Those without DynamoDB first, at every size, then those with it: DynamoDB Local, on the
  // machine's other core, stays busy for a while after a DynamoDB function's run, and would slow
  // whatever came next.
  for (const database of [false, true]) {
    for (const memoryMb of SIZES) {
      const measured = (
        memoryMb === TARGET_MB || memoryMb === CHOSEN_MB
          ? [...subjects.functions, ...yardsticks, ...(memoryMb === TARGET_MB ? [...requestFloors.values()].map((r) => r.floor) : [])]
          : [...subjects.functions.filter((s) => REPRESENTATIVES.includes(s.id)), ...yardsticks]
      ).filter((s) => s.database === database);
      const run = await measureAt(memoryMb, measured, database);
      bySize.set(memoryMb, new Map([...(bySize.get(memoryMb) ?? []), ...run.cold]));
      if (run.unavailable !== undefined && !unavailable.has(memoryMb)) {
        unavailable.set(memoryMb, run.unavailable);
        log(`No CPU cgroup at ${memoryMb} MB (${run.unavailable}): measured at full speed instead.`);
      }
    }
  }
  const choices = REPRESENTATIVES.map((id) => {
    const priceAndTime = new Map(
      [...bySize].map(([memoryMb, cold]) => {
        const ns = cold.get(id)!.totalNs;
        return [memoryMb, { price: pricePerMillion(ns, memoryMb), ns }] as const;
      }),
    );
    return `${id} ${chooseMemorySize(priceAndTime)} MB`;
  });
  return { bySize, unavailable, choices };
}
