/**
 * The error catalogue as docs/api.md (Errors) tables it: code, message and HTTP status, read from
 * the doc itself, so that the tests hold lib/ to the documented rule and keep no copy of their own.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { markdownSection } from './markdown';

const errors = markdownSection(readFileSync(join(__dirname, '..', '..', 'docs', 'api.md'), 'utf8'), 'Errors', 'docs/api.md');
const rows = [...errors.matchAll(/^\| (\d+) \| (.+) \| (\d{3}) \|$/gm)].map(([, code, message, status]) => ({
  code: Number(code),
  message: message!,
  status: Number(status),
}));

/** The error catalogue in its order: code and message. */
export const CATALOGUE: ReadonlyArray<readonly [number, string]> = rows.map(({ code, message }) => [code, message]);

/** The HTTP status of a catalogue code; Javascript answers 200 with it in its object. */
export function statusFor(code: number): number {
  const row = rows.find((entry) => entry.code === code);
  if (!row) throw new Error(`${code} is not in docs/api.md's catalogue`);
  return row.status;
}
