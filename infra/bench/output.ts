/**
 * The bench's output: lines, plain-text tables and units (nanoseconds in ms or µs, bytes in KB),
 * and the opening lines about the machine the figures come from.
 */
import { cpus, loadavg } from 'node:os';

export { kb, table } from '../bundle';

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

/** Node, platform and CPUs, with a warning where the figures will not be Lambda's Node's or will be noisy. */
export function printMachine(): void {
  const cpu = cpus();
  log(`Benchmark: Node ${process.version} (${process.execPath}), ${process.platform}/${process.arch}, ${cpu.length} × ${cpu[0]?.model.trim() ?? 'cpu'}`);
  if (!process.version.startsWith('v24.')) log(`WARNING: Lambda runs nodejs24.x; this is Node ${process.version}.`);
  const load = loadavg()[0]!;
  if (load > cpu.length / 2) log(`WARNING: load average ${load.toFixed(2)} on ${cpu.length} cores: other processes are running, timings will be noisy.`);
  log('Lambda runs these on arm64 at 256 MB (a fraction of a vCPU): absolute figures here are this machine\'s, compare them with the baseline.');
  log();
}

/** The line before the targets': how long the bench took, and how busy the machine is now. */
export function printFinished(startedMs: number): void {
  log(`Finished in ${seconds(startedMs)} s (load average now ${loadavg()[0]!.toFixed(2)} on ${cpus().length} cores).`);
}
