/**
 * One cold start: a fresh Node process imports a bundle and answers one request, as Lambda's
 * Node runtime does (../../../local/bundle-host.mjs), timed inside the child from just before
 * `import()` to the handler's answer; optionally inside a CPU cgroup (./cpu-cgroup.ts).
 */
import { spawn } from 'node:child_process';
import { inCgroup, MB_PER_VCPU, type CpuCgroup } from './cpu-cgroup';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { contextFields } from '../../../local/invoke';
import { PROJECT_ROOT } from '../../../template/read';
import { functionTimeoutSeconds } from '../../../template/functions';
import { functionProcessEnv, template } from '../setup/project';
import { middleMean } from '../timing/stats';
import type { ColdStart } from './cold-start-result';
import { eventFor, type Subject } from '../setup/subjects';

const HOST = resolve(PROJECT_ROOT, 'infra/local/bundle-host.mjs');

/** The end of a child's stderr: a stack trace quotes the minified line it failed in, whole. */
const tail = (text: string): string =>
  text
    .trim()
    .split('\n')
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .slice(-20)
    .join('\n');

const CHILD_TIMEOUT_MS = 20_000;
/** The context's deadline: the functions' timeout, as the template sets it. */
const FUNCTION_TIMEOUT_MS = functionTimeoutSeconds(template) * 1000;

/**
 * One cold start of `bundle` in a fresh process of the running Node (process.execPath), with
 * `env` as its whole environment, as a Lambda function's container has only its own variables;
 * in `cgroup`, with the share of a CPU Lambda gives its memory size.
 */
function coldStart(
  bundle: string,
  exportName: string,
  event: APIGatewayProxyEventV2,
  functionName: string,
  env: Record<string, string>,
  cgroup?: CpuCgroup,
): Promise<ColdStart> {
  return new Promise((resolveRun, reject) => {
    const node = [process.execPath, HOST, pathToFileURL(bundle).href, exportName];
    const [command, args] = cgroup === undefined ? [node[0]!, node.slice(1)] : inCgroup(cgroup, node);
    const child = spawn(
      command,
      args,
      // Bounded: a child that hangs (an open handle after the answer) is killed, and fails the run.
      {
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
        timeout: cgroup === undefined ? CHILD_TIMEOUT_MS : Math.ceil(CHILD_TIMEOUT_MS / cgroup.share),
      },
    );
    const context = contextFields(functionName, 'bench-cold', cgroup?.memoryMb ?? MB_PER_VCPU, FUNCTION_TIMEOUT_MS);
    child.stdin.end(JSON.stringify({ event, context }));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      if (code !== 0) {
        reject(new Error(`cold start of ${functionName} exited with ${code ?? 'a signal (timed out?)'}: ${tail(stderr)}`));
        return;
      }
      try {
        // The last line: the function's own log lines and metrics come before it.
        resolveRun(JSON.parse(stdout.split('\n').at(-1) ?? '') as ColdStart);
      } catch {
        reject(new Error(`cold start of ${functionName} printed ${JSON.stringify(stdout.slice(0, 500))} ${tail(stderr)}`));
      }
    });
  });
}

/**
 * A subject's cold starts, each figure the mean of the middle half of its runs
 * (../timing/stats.ts middleMean: the cgroup gives its share of a CPU in periods, so a cold
 * start's time comes in steps of one period).
 */
export interface ColdSummary {
  /** import() and the first answer. */
  readonly totalNs: number;
  readonly importNs: number;
  readonly firstNs: number;
  /** The whole process, from its start to the answer. */
  readonly processNs: number;
  readonly maxRssKb: number;
}
export type ColdStarts = Map<string, ColdSummary>;

/**
 * One cold start of `subject` answering its plain request (XML), in `cgroup` when given, with
 * `env` (the functions' settings, and whatever the caller sets apart) as its environment; its
 * answer checked, a wrong one failing the bench.
 */
export async function checkedColdStart(subject: Subject, env: Record<string, string>, cgroup?: CpuCgroup): Promise<ColdStart> {
  const memory: Record<string, string> = cgroup === undefined ? {} : { AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(cgroup.memoryMb) };
  const environment = { ...env, ...memory, AWS_LAMBDA_FUNCTION_NAME: subject.id };
  const run = await coldStart(subject.file, subject.exportName, eventFor(subject, undefined), subject.id, environment, cgroup);
  const wrong = subject.coldCheck(run);
  if (wrong !== undefined) throw new Error(`${subject.id} cold start ${wrong}`);
  return run;
}

/** `runs` cold starts of each subject, in rounds; in `cgroup` when given. */
export async function measureColdStarts(subjects: readonly Subject[], runsEach: number, cgroup?: CpuCgroup): Promise<ColdStarts> {
  const env = functionProcessEnv();
  const runs = new Map<string, ColdStart[]>(subjects.map((s) => [s.id, []]));
  // One round discarded (file cache, first spawn), then rounds in turn so drift hits every function
  // alike, each round starting one subject further on, so that none always follows the same one.
  for (let round = -1; round < runsEach; round++) {
    const start = Math.max(0, round) % subjects.length;
    for (const subject of [...subjects.slice(start), ...subjects.slice(0, start)]) {
      const run = await checkedColdStart(subject, env, cgroup);
      if (round >= 0) runs.get(subject.id)!.push(run);
    }
  }
  const typical = (list: ColdStart[], of: (run: ColdStart) => number) => middleMean(list.map(of));
  return new Map(
    [...runs].map(([id, list]) => [
      id,
      {
        totalNs: typical(list, (r) => r.importNs + r.firstRequestNs),
        importNs: typical(list, (r) => r.importNs),
        firstNs: typical(list, (r) => r.firstRequestNs),
        processNs: typical(list, (r) => r.processNs),
        maxRssKb: typical(list, (r) => r.maxRssKb),
      },
    ]),
  );
}
