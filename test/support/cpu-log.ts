/**
 * Where a run's CPU goes, a line per test file, when TEST_CPU_LOG names a file (the tests'
 * environment, ./php-environment.ts, calls it; docs/testing.md, Where the run's time goes): the file's wall
 * seconds, the CPU seconds of its jest worker, of the processes it started and ended (tsc,
 * cfn-lint, Java, npm start...), of the run's shared DynamoDB Local meanwhile (the other worker's
 * files share it), and of that database since it started. Linux only: it reads /proc.
 */
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Linux's clock ticks a second (`getconf CLK_TCK`), in which /proc counts CPU time. */
const TICKS = 100;

/** utime + stime, and cutime + cstime (children waited for), of a process, in seconds. */
function cpuOf(pid: string): { own: number; children: number } {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [utime, stime, cutime, cstime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 15)
      .map(Number);
    return { own: (utime! + stime!) / TICKS, children: (cutime! + cstime!) / TICKS };
  } catch {
    return { own: 0, children: 0 };
  }
}

/** The Java process listening on the port of AWS_ENDPOINT_URL_DYNAMODB (the run's own database), if any. */
function databasePid(): string | undefined {
  const port = /:(\d+)$/.exec(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '')?.[1];
  if (!port) return undefined;
  return readdirSync('/proc').find((pid) => {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      return command.startsWith('java\0') && command.includes(`\0-port\0${port}\0`);
    } catch {
      return false;
    }
  });
}

type Snapshot = { at: number; self: { own: number; children: number }; database: number };
const snapshot = (database: string | undefined): Snapshot => ({
  at: Date.now(),
  self: cpuOf('self'),
  database: database ? cpuOf(database).own : 0,
});

/**
 * The CPU of one test file, from its environment's making to its teardown (./php-environment.ts):
 * after the file's last hook, so that the processes its afterAll hooks stop (databases, servers,
 * browsers) count as its own. Undefined unless TEST_CPU_LOG names where to write.
 */
export function fileCpuLog(testPath: string): { end(): void } | undefined {
  const log = process.env.TEST_CPU_LOG;
  if (!log) return undefined;
  const file = relative(process.cwd(), testPath);
  const database = databasePid();
  const before = snapshot(database);
  return {
    end: () => {
      const after = snapshot(database);
      const seconds = [
        (after.at - before.at) / 1000,
        after.self.own - before.self.own,
        after.self.children - before.self.children,
        after.database - before.database,
        after.database,
      ];
      appendFileSync(log, `${[file, ...seconds.map((s) => s.toFixed(1))].join('\t')}\n`);
    },
  };
}
