/**
 * Cold starts per memory size in a CPU cgroup at its share of a core: every function and floor at TARGET_MB,
 * the floors and three representatives at the other sizes, whose prices pick the memory size.
 */
import { PRICES } from '../../pricing/model';
import { memorySizeOf } from '../../template/functions';
import { log } from '../report/console';
import { type ColdStarts, measureColdStarts } from './cold-start';
import { cpuCgroup, MB_PER_VCPU, PERIOD_US } from './cpu-cgroup';
import { QUICK, template } from './project';
import type { RequestFloors } from './request-floors';
import type { Subject, Subjects } from './subjects';
import { TARGET_MB } from './targets';

const CHOSEN_MB = memorySizeOf(template);
const SIZES = QUICK ? [TARGET_MB] : [...new Set([128, 256, 512, 1024, 1769, CHOSEN_MB])].sort((a, b) => a - b);
/** Most at TARGET_MB, whose figures the targets hold: a static cold start there is a few periods, so one more or less moves a ratio. */
const RUNS = 7;
const TARGET_RUNS = QUICK ? { static: 2, database: 2 } : { static: 31, database: 15 };
export const REPRESENTATIVES = ['ErrorsFunction', 'ShortUrlFunction', 'GalleryPhotosFunction'];

export interface MemorySizes {
  readonly bySize: ReadonlyMap<number, ColdStarts>;
  /** Why a size was measured at full speed. */
  readonly unavailable: ReadonlyMap<number, string>;
  readonly choices: readonly string[];
}

/** Dollars per million cold starts: Lambda bills INIT like the invocation. */
export const pricePerMillion = (ns: number, memoryMb: number): number =>
  (ns / 1e9) * (memoryMb / 1024) * PRICES.lambdaArmGbSecond.usd * 1e6;

/** The cheapest cold start, or a faster one within 10 % of its price. */
export function chooseMemorySize(priceAndTime: ReadonlyMap<number, { readonly price: number; readonly ns: number }>): number {
  const cheapest = Math.min(...[...priceAndTime.values()].map((p) => p.price));
  const affordable = [...priceAndTime].filter(([, p]) => p.price <= cheapest * 1.1);
  return affordable.sort(([, a], [, b]) => a.ns - b.ns)[0]![0];
}

async function measureAt(memoryMb: number, subjects: readonly Subject[], runs: number) {
  const cgroup = await cpuCgroup(memoryMb);
  if ('unavailable' in cgroup) return { cold: await measureColdStarts(subjects, runs), unavailable: cgroup.unavailable };
  try {
    return { cold: await measureColdStarts(subjects, runs, cgroup) };
  } finally {
    await cgroup.remove();
  }
}

export async function measureMemorySizes(subjects: Subjects, requestFloors: RequestFloors): Promise<MemorySizes> {
  log(
    `== Cold starts in a CPU cgroup at MB / ${MB_PER_VCPU} of a CPU (${PERIOD_US / 1000} ms period), the middle half's mean ` +
      `of ${RUNS} runs (${TARGET_RUNS.static} and ${TARGET_RUNS.database} at ${TARGET_MB} MB) ==`,
  );
  const floors = [subjects.staticFloor, subjects.databaseFloor];
  const bySize = new Map<number, ColdStarts>();
  const unavailable = new Map<number, string>();
  // Without DynamoDB first: DynamoDB Local, on the other core, stays busy a while after a DynamoDB function's run.
  for (const database of [false, true]) {
    for (const memoryMb of SIZES) {
      const measured = [
        ...subjects.functions.filter((s) => memoryMb === TARGET_MB || REPRESENTATIVES.includes(s.id)),
        ...floors,
        ...(memoryMb === TARGET_MB ? [...requestFloors.values()].map((r) => r.floor) : []),
      ].filter((s) => s.database === database);
      const runs = memoryMb !== TARGET_MB ? RUNS : database ? TARGET_RUNS.database : TARGET_RUNS.static;
      const run = await measureAt(memoryMb, measured, runs);
      bySize.set(memoryMb, new Map([...(bySize.get(memoryMb) ?? []), ...run.cold]));
      if (run.unavailable !== undefined && !unavailable.has(memoryMb)) {
        unavailable.set(memoryMb, run.unavailable);
        log(`No CPU cgroup at ${memoryMb} MB (${run.unavailable}): measured at full speed instead.`);
      }
    }
  }
  const choices = REPRESENTATIVES.map((id) => {
    const priceAndTime = new Map(
      [...bySize].map(([mb, cold]) => [mb, { price: pricePerMillion(cold.get(id)!.totalNs, mb), ns: cold.get(id)!.totalNs }]),
    );
    return `${id} ${chooseMemorySize(priceAndTime)} MB`;
  });
  return { bySize, unavailable, choices };
}
