/** A child process that is to end by itself (a command, or one that refuses to start): its exit code and its stderr, by line. */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export async function runToEnd(child: ChildProcess): Promise<{ code: number | null; lines: string[] }> {
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  child.stdout!.resume();
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, lines: stderr.trim().split('\n') };
}
