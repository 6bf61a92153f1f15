/**
 * The bench's artefacts, committed so that the last run can be read without running it:
 * bench/results.json (the report as recorded, results.ts's `Report`) and docs/benchmarks.md
 * (report-markdown.ts).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { PROJECT_ROOT } from '../template';
import { renderMarkdown } from './report-markdown';
import type { Report } from './results';

const RESULTS_JSON = resolve(PROJECT_ROOT, 'bench', 'results.json');
const REPORT_MARKDOWN = resolve(PROJECT_ROOT, 'docs', 'benchmarks.md');

/** Writes both files; returns their paths, relative to the project. */
export async function writeReport(report: Report): Promise<string[]> {
  const files: [string, string][] = [
    [RESULTS_JSON, `${JSON.stringify(report, null, 2)}\n`],
    [REPORT_MARKDOWN, renderMarkdown(report)],
  ];
  for (const [file, text] of files) {
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return files.map(([file]) => relative(PROJECT_ROOT, file));
}
