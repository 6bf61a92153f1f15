/**
 * Where every run's figures go: infra/perf/results/<run>.json for programs and <run>.md for
 * people, both committed so that the last run can be read without running it.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import { PROJECT_ROOT } from '../../template/read';

export const RESULTS_DIR = resolve(PROJECT_ROOT, 'infra', 'perf', 'results');

/** Writes both files of a run; returns their paths, relative to the project. */
export async function writeResults(run: 'bench' | 'load' | 'scale', json: unknown, markdown: string): Promise<string[]> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const files: [string, string][] = [
    [resolve(RESULTS_DIR, `${run}.json`), `${JSON.stringify(json, null, 2)}\n`],
    [resolve(RESULTS_DIR, `${run}.md`), markdown],
  ];
  for (const [file, text] of files) await writeFile(file, text);
  return files.map(([file]) => relative(PROJECT_ROOT, file));
}
