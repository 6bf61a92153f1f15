/**
 * infra/perf/results/measured.json: the few figures `npm run cost` prices, committed so that the
 * bill is computed without a run. The bench and scale each replace their own part of it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../template/read';

export const MEASURED_FILE = 'infra/perf/results/measured.json';

export interface Measured {
  readonly bench: {
    readonly date: string;
    /** A warm request's time in the handler: XML for the static functions, the round trips' for the short URLs. */
    readonly warmNs: Readonly<Record<string, number>>;
    /** Per function, per memory size (MB): import and first answer in the CPU cgroup. */
    readonly coldStartNs: Readonly<Record<string, Readonly<Record<string, number>>>>;
  };
  readonly scale: {
    readonly date: string;
    /** On the grown gallery, per request label (`<path> <sort>`): the handler's time and the read units AWS bills. */
    readonly gallery: Readonly<Record<string, { readonly latencyMs: number; readonly aws: number }>>;
  };
}

export function readMeasured(root = PROJECT_ROOT): Measured {
  return JSON.parse(readFileSync(resolve(root, MEASURED_FILE), 'utf8'));
}

/** Replaces one run's part; one object per line, so that a diff shows what moved. */
export function writeMeasured<K extends keyof Measured>(part: K, value: Measured[K]): void {
  const measured = { ...readMeasured(), [part]: value };
  const text = JSON.stringify(measured, null, 1).replace(/\n\s+(?=[^\n{}]*[,}\n])/g, ' ');
  writeFileSync(resolve(PROJECT_ROOT, MEASURED_FILE), `${text}\n`);
}
