/** The bench's and scale's console: lines written past the functions' own output. */
import { cpus, loadavg } from 'node:os';

const write = process.stdout.write.bind(process.stdout);
export const log = (line = '') => write(`${line}\n`);

/** The functions' log and metric lines would bury the report: their formatting is still measured, the writing (Lambda's) is not. */
export function dropFunctionOutput(): void {
  process.stdout.write = (() => true) as typeof process.stdout.write;
}

/** Where the figures will not be Lambda's Node's, or will be noisy. */
export function warnAboutMachine(): void {
  if (!process.version.startsWith('v24.')) log(`WARNING: Lambda runs nodejs24.x; this is Node ${process.version}.`);
  const load = loadavg()[0]!;
  if (load > cpus().length / 2) log(`WARNING: load average ${load.toFixed(2)}: other processes are running, timings will be noisy.`);
  log("Lambda runs on arm64: absolute figures here are this machine's; compare them with the floors.\n");
}
