/** The bench's and scale's console: lines written past the functions' own output, and the machine the figures come from. */
import type { Machine } from './machine';

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
