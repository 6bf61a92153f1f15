/**
 * `npm-start.json` in the data directory, there while `npm start` runs its own DynamoDB Local:
 * its endpoint and short-link origin, for the other local commands (docs/local.md).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../template/read';

/** The data directory `npm start` uses, or would, with `env`. */
export const dataDirectoryOf = (env: NodeJS.ProcessEnv = process.env): string => resolve(PROJECT_ROOT, env.LOCAL_DATA_DIR || '.data');

export const stateFileIn = (dataDirectory: string): string => join(dataDirectory, 'npm-start.json');

/** The origin is absent in a file an earlier npm start wrote. */
type StartFound =
  | { kind: 'running'; pid: number; endpoint: string; shortUrlHost?: string }
  | { kind: 'stopped'; pid: number }
  | { kind: 'none' };

/** Whether a process has that id on this machine. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user has that id.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function findStart(dataDirectory: string): StartFound {
  let state: { pid?: unknown; endpoint?: unknown; shortUrlHost?: unknown };
  try {
    state = JSON.parse(readFileSync(stateFileIn(dataDirectory), 'utf8'));
  } catch {
    return { kind: 'none' };
  }
  const { pid, endpoint, shortUrlHost } = state;
  if (!Number.isInteger(pid) || typeof endpoint !== 'string') return { kind: 'none' };
  if (!isRunning(pid as number)) return { kind: 'stopped', pid: pid as number };
  return { kind: 'running', pid: pid as number, endpoint, shortUrlHost: typeof shortUrlHost === 'string' ? shortUrlHost : undefined };
}

/** Writes this process's file, removed when the process exits if it is still its own. */
export function announceStart(dataDirectory: string, endpoint: string, shortUrlHost: string): void {
  mkdirSync(dataDirectory, { recursive: true });
  const file = stateFileIn(dataDirectory);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, endpoint, shortUrlHost })}\n`);
  process.once('exit', () => {
    const found = findStart(dataDirectory);
    if (found.kind === 'running' && found.pid === process.pid) rmSync(file, { force: true });
  });
}
