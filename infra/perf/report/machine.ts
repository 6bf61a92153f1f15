/** The machine the figures come from, as the report states it: Node, platform, CPUs, memory and how busy it is. */
import { cpus, loadavg, totalmem } from 'node:os';
import { gib } from './tables';

export interface Machine {
  /** `process.version`, e.g. `v24.21.0`. */
  readonly node: string;
  readonly platform: string;
  readonly arch: string;
  readonly cpuModel: string;
  readonly cpus: number;
  readonly memoryBytes: number;
  /** The 1-, 5- and 15-minute load averages when the run started. */
  readonly loadAverage: readonly number[];
}

export function describeMachine(): Machine {
  const cpu = cpus();
  return {
    node: process.version,
    platform: process.platform,
    arch: process.arch,
    cpuModel: cpu[0]?.model.trim() ?? 'unknown',
    cpus: cpu.length,
    memoryBytes: totalmem(),
    loadAverage: loadavg(),
  };
}

/** The machine in one line, for the head of a results file. */
export const machineLine = (machine: Machine): string =>
  `Node ${machine.node}, ${machine.platform}/${machine.arch}, ${machine.cpus} × ${machine.cpuModel}, ` +
  `${gib(machine.memoryBytes)}, load average ${machine.loadAverage[0]!.toFixed(2)}`;
