/** A child process that ends by itself (a command, or one that refuses to start): its exit code, its stderr by line, and its stdout. */
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

export async function runToEnd(child: ChildProcess): Promise<{ code: number | null; lines: string[]; stdout: string }> {
  let stderr = '';
  let stdout = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  child.stdout!.on('data', (chunk) => (stdout += String(chunk)));
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, lines: stderr.trim().split('\n'), stdout };
}
