/** The error catalogue as docs/api.md (Errors) tables it, read from the doc itself: the tests keep no copy of their own. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownSection } from './markdown';

const errors = markdownSection(readFileSync(join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8'), 'Errors', 'docs/api.md');
const rows = [...errors.matchAll(/^\| (\d+) \| (.+) \| (\d{3}) \|$/gm)].map(
  ([, code, message, status]) => [Number(code), message!, Number(status)] as const,
);

export const CATALOGUE: ReadonlyArray<readonly [number, string]> = rows.map(([code, message]) => [code, message]);

function rowOf(code: number): readonly [number, string, number] {
  const row = rows.find(([c]) => c === code);
  if (!row) throw new Error(`${code} is not in docs/api.md's catalogue`);
  return row;
}
export const catalogueMessage = (code: number): string => rowOf(code)[1];
/** The HTTP status of a catalogue code; Javascript answers 200 with it in its object. */
export const statusFor = (code: number): number => rowOf(code)[2];
