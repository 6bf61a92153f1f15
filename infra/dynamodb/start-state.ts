/**
 * What a running `npm start` tells the other local commands: the endpoint of the DynamoDB Local
 * it runs, in `npm-start.json` in its data directory (LOCAL_DATA_DIR, else `.data`), there while
 * it runs. `npm run seed`, `import` and `export` read it to work on that database
 * (../gallery/connection.ts), and another `npm start` on the same data directory refuses to
 * start. An `npm start` on a database named in AWS_ENDPOINT_URL_DYNAMODB writes nothing: that
 * variable names the database to the other commands too.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../template/read';

/** The data directory `npm start` uses, or would, with `env`. */
export const dataDirectoryOf = (env: NodeJS.ProcessEnv = process.env): string => resolve(PROJECT_ROOT, env.LOCAL_DATA_DIR || '.data');

/** The file in `dataDirectory`; its name, for the messages that cite it. */
export const stateFileIn = (dataDirectory: string): string => join(dataDirectory, 'npm-start.json');

/** What a data directory says of its npm start: running (with its endpoint), stopped without saying so, or none. */
type StartFound = { kind: 'running'; pid: number; endpoint: string } | { kind: 'stopped'; pid: number } | { kind: 'none' };

/** Whether a process has that id (the local commands' own, on this machine). */
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
  let state: { pid?: unknown; endpoint?: unknown };
  try {
    state = JSON.parse(readFileSync(stateFileIn(dataDirectory), 'utf8'));
  } catch {
    return { kind: 'none' };
  }
  const { pid, endpoint } = state;
  if (!Number.isInteger(pid) || typeof endpoint !== 'string') return { kind: 'none' };
  return isRunning(pid as number) ? { kind: 'running', pid: pid as number, endpoint } : { kind: 'stopped', pid: pid as number };
}

/** Writes this process's file; it is removed when the process exits, if it is still this process's. */
export function announceStart(dataDirectory: string, endpoint: string): void {
  mkdirSync(dataDirectory, { recursive: true });
  const file = stateFileIn(dataDirectory);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, endpoint })}\n`);
  process.once('exit', () => {
    const found = findStart(dataDirectory);
    if (found.kind === 'running' && found.pid === process.pid) rmSync(file, { force: true });
  });
}
