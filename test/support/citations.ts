/**
 * Every text file git tracks, read once, and the citations a check finds in one, a line each: what the stands-alone
 * tests (test/static/stands-alone-*.test.ts) read and report.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export type Citation = { readonly line: number; readonly what: string; readonly text: string };
/** The citations `find` sees in each line of `text`, by what they cite. */
export const perLine = (text: string, find: (line: string) => string[]): Citation[] =>
  text.split('\n').flatMap((line, index) => find(line).map((what) => ({ line: index + 1, what, text: line.trim() })));

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && file !== 'package-lock.json' && existsSync(file));

/** Each text file of the repository with its content; binary, as git tells, with a NUL among its first 8 000 bytes. */
export const texts = tracked.flatMap((file) => {
  const bytes = readFileSync(file);
  return bytes.subarray(0, 8000).includes(0) ? [] : [[file, bytes.toString('utf8')] as const];
});
/** The lines citations are on, each once. */
export const linesOf = (citations: Citation[]): number[] => [...new Set(citations.map((citation) => citation.line))];
/** What `find` sees in every text file, a line each: `file:line: what: text`. */
export const inEveryFile = (find: (file: string, text: string) => Citation[]): string[] =>
  texts.flatMap(([file, text]) => find(file, text).map((citation) => `${file}:${citation.line}: ${citation.what}: ${citation.text}`));
