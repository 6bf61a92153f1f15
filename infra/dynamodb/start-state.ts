/**
 * What a running `npm start` tells the other local commands, in `npm-start.json` in its data
 * directory (LOCAL_DATA_DIR, else `.data`), there while it runs: the endpoint of the DynamoDB Local
 * it runs, and the origin its short URLs carry (SHORT_URL_HOST as its functions have it).
 * `npm run seed`, `import`, `export` and `shorturls` read it to work on that database
 * (../ops/gallery/connection.ts), `shorturls import` to refuse links to that short-link host, and
 * another `npm start` on the same data directory refuses to start. An `npm start` on a database
 * named in AWS_ENDPOINT_URL_DYNAMODB writes nothing: that variable names the database to the
 * other commands too.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PROJECT_ROOT } from '../template/read';

/** The data directory `npm start` uses, or would, with `env`. */
export const dataDirectoryOf = (env: NodeJS.ProcessEnv = process.env): string => resolve(PROJECT_ROOT, env.LOCAL_DATA_DIR || '.data');

/** The file in `dataDirectory`; its name, for the messages that cite it. */
export const stateFileIn = (dataDirectory: string): string => join(dataDirectory, 'npm-start.json');

/**
 * What a data directory says of its npm start: running (with its endpoint and short-link origin),
 * stopped without saying so, or none. The origin is absent in a file an earlier npm start wrote.
 */
type StartFound =
  | { kind: 'running'; pid: number; endpoint: string; shortUrlHost?: string }
  | { kind: 'stopped'; pid: number }
  | { kind: 'none' };

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

/** Writes this process's file; it is removed when the process exits, if it is still this process's. */
export function announceStart(dataDirectory: string, endpoint: string, shortUrlHost: string): void {
  mkdirSync(dataDirectory, { recursive: true });
  const file = stateFileIn(dataDirectory);
  writeFileSync(file, `${JSON.stringify({ pid: process.pid, endpoint, shortUrlHost })}\n`);
  process.once('exit', () => {
    const found = findStart(dataDirectory);
    if (found.kind === 'running' && found.pid === process.pid) rmSync(file, { force: true });
  });
}
