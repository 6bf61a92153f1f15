/** Runs `npm start` (./main.ts) as a child process, for the tests and the perf runs, and reads the URLs it prints. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';

export interface RunningStack {
  readonly api: string;
  readonly shortLinks: string;
  /** Its stdout up to its ready line. */
  readonly printed: string;
  /** Its stdout after the ready line, flowing. */
  readonly stdout: NodeJS.ReadableStream;
  /** Rejects if loading failed or the process ended. */
  sampleLoaded(timeoutMs: number): Promise<void>;
  stop(): Promise<void>;
}

/** Environment for the child: the test's, less the settings the child should choose itself. */
export function childEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: '0', SHORT_PORT: '0', ...overrides };
  delete env.SHORT_URL_HOST; // the stack's own short-link server decides it
  for (const [name, value] of Object.entries(overrides)) if (value === undefined) delete env[name];
  return env;
}

export function spawnStart(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'infra/start/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startStack(overrides: Record<string, string | undefined> = {}): Promise<RunningStack> {
  const child = spawnStart(childEnv(overrides));
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const exited = once(child, 'exit');
  // Read up to the ready line, then drain: closing the pipe instead (as leaving a `for await`
  // over it does) would kill the child with EPIPE at its first log line.
  const printed = await new Promise<string>((ready) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += String(chunk);
      if (!text.includes('Try: curl')) return;
      child.stdout!.off('data', onData);
      child.stdout!.resume();
      ready(text);
    };
    child.stdout!.on('data', onData);
    void exited.then(() => ready(text));
  });
  const api = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
  const shortLinks = /Short links at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
  if (!api || !shortLinks) throw new Error(`npm start did not come up:\n${printed}\n${stderr}`);
  return {
    api,
    shortLinks,
    printed,
    stdout: child.stdout!,
    sampleLoaded: (timeoutMs) => sampleLoaded(child, () => stderr, timeoutMs),
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** ../local/sample/seed.ts's lines for the end of loading the sample, one way or the other. */
const SAMPLE_LOADED = 'Sample gallery loaded';
const SAMPLE_FAILED = /Loading the sample gallery failed[^\n]*/;

async function sampleLoaded(child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!stderr().includes(SAMPLE_LOADED)) {
    const failed = SAMPLE_FAILED.exec(stderr());
    if (failed) throw new Error(failed[0]);
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`npm start ended (${child.exitCode}) before loading the sample gallery:\n${stderr()}`);
    if (Date.now() > deadline) throw new Error(`npm start did not load the sample gallery within ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}
