/** infra/perf/results/measured.json: the figures `npm run cost` prices, committed; the bench and scale each replace their part. */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../template/read';

export const MEASURED_FILE = 'infra/perf/results/measured.json';

export interface Measured {
  readonly bench: {
    readonly date: string;
    /** A warm request's time in the handler: XML for the static functions, the round trips' for the short URLs. */
    readonly warmNs: Readonly<Record<string, number>>;
  };
  readonly scale: {
    readonly date: string;
    /** On the grown gallery, per `<path> <sort>`: the handler's time and the read units AWS bills. */
    readonly gallery: Readonly<Record<string, { readonly latencyMs: number; readonly aws: number }>>;
  };
}

export function readMeasured(root = PROJECT_ROOT): Measured {
  return JSON.parse(readFileSync(resolve(root, MEASURED_FILE), 'utf8'));
}

/** One object per line, so that a diff shows what moved. */
export function writeMeasured<K extends keyof Measured>(part: K, value: Measured[K]): void {
  const measured = { ...readMeasured(), [part]: value };
  const text = JSON.stringify(measured, null, 1).replace(/\n\s+(?=[^\n{}]*[,}\n])/g, ' ');
  writeFileSync(resolve(PROJECT_ROOT, MEASURED_FILE), `${text}\n`);
}
