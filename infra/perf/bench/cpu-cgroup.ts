/**
 * A CPU cgroup (v1) at the share of a core Lambda gives a memory size, MB / 1769 over a 10 ms period; the
 * kernel takes no quota under 1 ms, so below 177 MB the period grows. Needs root; without, full speed.
 */
import { existsSync } from 'node:fs';
import { mkdir, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const CONTROLLER = '/sys/fs/cgroup/cpu';
export const PERIOD_US = 10_000;
const MIN_QUOTA_US = 1_000;
/** Lambda's memory per full vCPU. */
export const MB_PER_VCPU = 1_769;

export interface CpuCgroup {
  readonly path: string;
  readonly memoryMb: number;
  /** Of one CPU, e.g. 0.145 for 256 MB. */
  readonly share: number;
  remove(): Promise<void>;
}

export function cfsLimits(memoryMb: number): { readonly periodUs: number; readonly quotaUs: number } {
  const share = memoryMb / MB_PER_VCPU;
  const periodUs = Math.max(PERIOD_US, Math.round(MIN_QUOTA_US / share));
  return { periodUs, quotaUs: Math.round(periodUs * share) };
}

export async function cpuCgroup(memoryMb: number): Promise<CpuCgroup | { readonly unavailable: string }> {
  if (!existsSync(join(CONTROLLER, 'cgroup.procs'))) return { unavailable: `no cgroup v1 cpu controller at ${CONTROLLER}` };
  if (process.getuid?.() !== 0) return { unavailable: 'not running as root, which creating a cgroup takes' };
  const { periodUs, quotaUs } = cfsLimits(memoryMb);
  const path = join(CONTROLLER, `social-news-bench-${process.pid}-${memoryMb}`);
  try {
    await mkdir(path, { recursive: true });
    await writeFile(join(path, 'cpu.cfs_period_us'), String(periodUs));
    await writeFile(join(path, 'cpu.cfs_quota_us'), String(quotaUs));
  } catch (error) {
    await rmdir(path).catch(() => undefined);
    return { unavailable: `cannot create ${path}: ${(error as Error).message}` };
  }
  return { path, memoryMb, share: memoryMb / MB_PER_VCPU, remove: () => rmdir(path).catch(() => undefined) };
}

export const inCgroup = (cgroup: CpuCgroup, command: readonly string[]): [string, string[]] => [
  '/bin/sh',
  ['-c', 'echo $$ > "$0/cgroup.procs" && exec "$@"', cgroup.path, ...command],
];
