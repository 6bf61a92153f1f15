/**
 * A server of the bench's in a child process of its own (stack-server.ts, bare-server.ts), so
 * that it has a core's event loop to itself while the load generator runs in the bench's: the
 * child is run by Node with tsx, may be handed one message over IPC, and answers with the URL
 * it listens at. Its stdout goes to /dev/null: what it writes there (the functions' log and
 * metric lines) is written, as Lambda writes it, but is kept out of the report.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { PROJECT_ROOT } from '../../../template/read';

const START_TIMEOUT_MS = 30_000;

export interface ServerProcess {
  readonly url: string;
  stop(): Promise<void>;
}

/** Runs `script` (relative to the project) with `env` as its whole environment; hands it `message`, if any, and waits for its URL. */
export async function startServerProcess(script: string, env: NodeJS.ProcessEnv, message?: unknown): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(PROJECT_ROOT, script)], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  };
  try {
    const started = new Promise<string>((resolveUrl, reject) => {
      const timer = setTimeout(() => reject(new Error(`${script} did not start within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
      child.once('message', (answer: { url: string }) => {
        clearTimeout(timer);
        resolveUrl(answer.url);
      });
      child.once('error', reject);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${script} exited with ${code ?? signal} before it listened: ${stderr.trim()}`));
      });
    });
    if (message !== undefined) child.send(message as object);
    return { url: await started, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** In a server child: reports the URL, and ends with the parent (its IPC channel closes when the parent goes, however it goes). */
export function reportListening(url: string): void {
  process.send!({ url });
  process.once('disconnect', () => process.exit(0));
}
