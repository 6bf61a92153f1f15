/** A cold start: a fresh Node process imports a bundle and answers one request as Lambda's runtime does (../../local/bundle-host.mjs), in a CPU cgroup when given. */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { contextFields } from '../../local/invoke';
import { functionTimeoutSeconds } from '../../template/functions';
import { PROJECT_ROOT } from '../../template/read';
import { type CpuCgroup, inCgroup, MB_PER_VCPU } from './cpu-cgroup';
import { functionProcessEnv, template } from './project';
import { middleMean } from './stats';
import { eventFor, type Subject } from './subjects';

/** What bundle-host.mjs prints on its last line. */
interface ColdStart {
  readonly importNs: number;
  readonly firstRequestNs: number;
  readonly maxRssKb: number;
  readonly answer: APIGatewayProxyStructuredResultV2;
}

/** Per subject, the mean of the middle half of the runs: in a cgroup a cold start's time comes in steps of one period. */
export type ColdStarts = Map<string, Record<'totalNs' | 'importNs' | 'firstNs' | 'maxRssKb', number>>;

const HOST = resolve(PROJECT_ROOT, 'infra/local/bundle-host.mjs');
const CHILD_TIMEOUT_MS = 20_000;
const FUNCTION_TIMEOUT_MS = functionTimeoutSeconds(template) * 1000;

function wrongAnswer({ answer: expected }: Subject, { answer }: ColdStart): string | undefined {
  const type = String(answer.headers?.['Content-Type']);
  const right =
    answer.statusCode === expected.status &&
    (!expected.xml || (type.startsWith('text/xml') && !!answer.body)) &&
    answer.headers?.Location === expected.location;
  return right
    ? undefined
    : `answered ${answer.statusCode} ${type} ${answer.headers?.Location ?? ''}, expected ${JSON.stringify(expected)}`;
}

/** One cold start of `subject`'s plain request with `env` as its whole environment; a wrong answer fails the bench. */
export function checkedColdStart(subject: Subject, env: Record<string, string>, cgroup?: CpuCgroup): Promise<ColdStart> {
  const memoryMb = cgroup?.memoryMb ?? MB_PER_VCPU;
  const environment = { ...env, AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(memoryMb), AWS_LAMBDA_FUNCTION_NAME: subject.id };
  const node = [process.execPath, HOST, pathToFileURL(subject.file).href, subject.exportName];
  const [command, args] = cgroup === undefined ? [node[0]!, node.slice(1)] : inCgroup(cgroup, node);
  return new Promise((resolveRun, reject) => {
    // A child that hangs (an open handle after the answer) is killed, and fails the run.
    const timeout = Math.ceil(CHILD_TIMEOUT_MS / (cgroup?.share ?? 1));
    const child = spawn(command, args, { env: environment, stdio: ['pipe', 'pipe', 'pipe'], timeout });
    const context = contextFields(subject.id, 'bench-cold', memoryMb, FUNCTION_TIMEOUT_MS);
    child.stdin.end(JSON.stringify({ event: eventFor(subject), context }));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const failed = (why: string) => reject(new Error(`cold start of ${subject.id} ${why}\n${stderr.slice(-3000)}`));
      if (code !== 0) return failed(`exited with ${code ?? 'a signal (timed out?)'}`);
      let run: ColdStart;
      try {
        run = JSON.parse(stdout.split('\n').at(-1) ?? '');
      } catch {
        return failed(`printed ${JSON.stringify(stdout.slice(0, 500))}`);
      }
      const wrong = wrongAnswer(subject, run);
      if (wrong !== undefined) return failed(wrong);
      resolveRun(run);
    });
  });
}

export async function measureColdStarts(subjects: readonly Subject[], runsEach: number, cgroup?: CpuCgroup): Promise<ColdStarts> {
  const env = functionProcessEnv();
  const runs = new Map<string, ColdStart[]>(subjects.map((s) => [s.id, []]));
  // One round discarded (file cache, first spawn); then rounds in turn so that drift hits every
  // subject alike, each starting one subject further on so that none always follows the same one.
  for (let round = -1; round < runsEach; round++) {
    const start = Math.max(0, round) % subjects.length;
    for (const subject of [...subjects.slice(start), ...subjects.slice(0, start)]) {
      const run = await checkedColdStart(subject, env, cgroup);
      if (round >= 0) runs.get(subject.id)!.push(run);
    }
  }
  return new Map(
    [...runs].map(([id, list]) => {
      const typical = (of: (run: ColdStart) => number) => middleMean(list.map(of));
      const importNs = typical((r) => r.importNs);
      const firstNs = typical((r) => r.firstRequestNs);
      return [id, { totalNs: typical((r) => r.importNs + r.firstRequestNs), importNs, firstNs, maxRssKb: typical((r) => r.maxRssKb) }];
    }),
  );
}
