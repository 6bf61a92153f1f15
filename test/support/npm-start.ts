/** Runs `npm start`'s script (infra/start.ts) as a child process, and reads the URLs it prints. */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export interface RunningStack {
  readonly api: string;
  readonly shortLinks: string;
  /** Everything the process printed on stdout up to its ready line. */
  readonly printed: string;
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
  return spawn(process.execPath, ['--import', 'tsx', 'infra/start.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
}

export async function startStack(overrides: Record<string, string | undefined> = {}): Promise<RunningStack> {
  const child = spawnStart(childEnv(overrides));
  let printed = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  for await (const chunk of child.stdout!) {
    printed += String(chunk);
    if (printed.includes('Try: curl')) break;
  }
  child.stdout!.resume();
  const api = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
  const shortLinks = /Short links at (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
  if (!api || !shortLinks) throw new Error(`npm start did not come up:\n${printed}\n${stderr}`);
  return {
    api,
    shortLinks,
    printed,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
