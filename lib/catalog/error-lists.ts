/** The error lists `/errors` and `/error/{code}` answer. */
import { ApiError } from '../errors';
import type { ErrorListValue } from '../resources';
import { ERROR_CATALOGUE } from './errors';
import { ALL, sharedWithinSecond } from './within-second';

const ERRORS = ERROR_CATALOGUE.map(([code, message]) => ({ code, message }));
const ERRORS_BY_CODE = new Map(ERRORS.map((entry) => [String(entry.code), entry]));

const errorLists = sharedWithinSecond(
  (code, timestamp): ErrorListValue => ({
    timestamp,
    errors: code === ALL ? ERRORS : [ERRORS_BY_CODE.get(code)!],
  }),
);

export function allErrors(timestamp: number): ErrorListValue {
  return errorLists(ALL, timestamp);
}

/** `code` is the raw path segment: only the decimal form of a catalogue code is found. */
export function oneError(code: string, timestamp: number): ErrorListValue {
  if (!ERRORS_BY_CODE.has(code)) throw new ApiError(1025);
  return errorLists(code, timestamp);
}
