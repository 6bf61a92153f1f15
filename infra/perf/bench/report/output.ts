/**
 * The bench's output: lines, plain-text tables and units (nanoseconds in ms or µs, bytes in KB),
 * the opening lines about the machine the figures come from, and the section headings, each of
 * which opens the section's record in results.ts.
 */
import { cpus, loadavg } from 'node:os';
import { kb } from '../../report/tables';
import type { Machine } from '../../report/machine';
import { results, type Recorder, type Unit } from './results';

export { kb, table } from '../../report/tables';

const write = process.stdout.write.bind(process.stdout);
export const log = (line = '') => write(`${line}\n`);

/**
 * The functions write a log line and a metric line per request, hundreds of thousands in a
 * run, which would bury the report: they are dropped. Their formatting is still measured; the
 * writing, which Lambda's runtime takes over, is not.
 */
export function dropFunctionOutput(): void {
  process.stdout.write = (() => true) as typeof process.stdout.write;
}
export const ms = (ns: number) => (ns / 1e6).toFixed(2);
export const us = (ns: number) => (ns / 1e3).toFixed(2);
export const signedMs = (ns: number) => `${ns < 0 ? '−' : '+'}${ms(Math.abs(ns))}`;
export const ratio = (a: number, b: number) => (a / b).toFixed(2);
export const passFail = (ok: boolean) => (ok ? 'pass' : 'FAIL');
export const seconds = (sinceMs: number) => ((performance.now() - sinceMs) / 1000).toFixed(1);

/** A recorded value with its unit, as a reader wants it: timings in ms or µs, sizes in KB. */
export function formatValue(value: number, unit: Unit): string {
  switch (unit) {
    case 'ns':
      return value >= 1e6 ? `${ms(value)} ms` : `${us(value)} µs`;
    case 'bytes':
      return `${kb(value)} KB`;
    case 'ratio':
      return `${value.toFixed(2)} ×`;
    case 'RCU':
      return `${value.toFixed(1)} RCU`;
    case 'requests/s':
      return `${Math.round(value)} requests/s`;
    case 'USD':
      return `$${value.toFixed(2)}`;
    default:
      return `${value} ${unit}`;
  }
}

/** Prints a section's heading, and opens its record: the returned recorder keeps the section's figures. */
export function beginSection(title: string, description: string): Recorder {
  log(`== ${title}: ${description} ==`);
  return results.section(title, description);
}

/** Node, platform and CPUs, with a warning where the figures will not be Lambda's Node's or will be noisy. */
export function printMachine(machine: Machine): void {
  log(`Benchmark: Node ${machine.node} (${process.execPath}), ${machine.platform}/${machine.arch}, ${machine.cpus} × ${machine.cpuModel}`);
  if (!machine.node.startsWith('v24.')) log(`WARNING: Lambda runs nodejs24.x; this is Node ${machine.node}.`);
  const load = machine.loadAverage[0]!;
  if (load > machine.cpus / 2)
    log(`WARNING: load average ${load.toFixed(2)} on ${machine.cpus} cores: other processes are running, timings will be noisy.`);
  log("Lambda runs these on arm64 processors: absolute figures here are this machine's, compare them with the baseline.");
  log();
}

/** The line before the targets': how long the bench took, and how busy the machine is now. */
export function printFinished(startedMs: number): void {
  log(`Finished in ${seconds(startedMs)} s (load average now ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores).`);
}
