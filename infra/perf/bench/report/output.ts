/** The bench's console: lines, units (nanoseconds in ms or µs, bytes in KB) and the machine the figures come from. */
import type { Machine } from '../../report/machine';

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
export const seconds = (sinceMs: number) => ((performance.now() - sinceMs) / 1000).toFixed(1);

/** Node, platform and CPUs, with a warning where the figures will not be Lambda's Node's or will be noisy. */
export function printMachine(machine: Machine): void {
  log(`Benchmark: Node ${machine.node} (${process.execPath}), ${machine.platform}/${machine.arch}, ${machine.cpus} × ${machine.cpuModel}`);
  if (!machine.node.startsWith('v24.')) log(`WARNING: Lambda runs nodejs24.x; this is Node ${machine.node}.`);
  const load = machine.loadAverage[0]!;
  if (load > machine.cpus / 2)
    log(`WARNING: load average ${load.toFixed(2)} on ${machine.cpus} cores: other processes are running, timings will be noisy.`);
  log("Lambda runs these on arm64 processors: absolute figures here are this machine's, compare them with the yardsticks.");
  log();
}
