/** Invokes a built ES-module bundle's handler in a fresh Node process (infra/local/bundle-host.mjs): jest cannot import ES modules. */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { contextFields } from '../../infra/local/invoke';
import { PROJECT_ROOT } from '../../infra/template/read';
import type { FunctionDefinition } from '../../infra/template/functions';

/** `output`: what the bundle printed on stdout besides the answer, its log lines and EMF metrics. */
type BundleAnswer = Readonly<{ statusCode: number; headers: Record<string, string>; body: string; output: readonly string[] }>;
const HOST = resolve(PROJECT_ROOT, 'infra/local/bundle-host.mjs');

export function runBundle(file: string, fn: FunctionDefinition, event: unknown): BundleAnswer {
  const input = JSON.stringify({ event, context: contextFields(fn.id, 'bundle-test', fn.memoryMb) });
  const output = execFileSync(process.execPath, [HOST, pathToFileURL(file).href, fn.exportName], { input });
  // The host's report is the last line; the bundle's own output (logs, metrics) comes before it.
  const lines = output.toString('utf8').split('\n');
  const { answer } = JSON.parse(lines.pop() ?? '') as { answer: Omit<BundleAnswer, 'output'> };
  return { ...answer, output: lines.filter((line) => line !== '') };
}
