/** The error lists `/errors` and `/error/{code}` answer. */
import type { ErrorListValue } from '../resources/catalogue';
import { ERROR_CATALOGUE } from '../api-error';
import { catalogueLists } from './lists';

const ERRORS = ERROR_CATALOGUE.map(([code, message]) => ({ code, message }));

// The code is the raw path segment: only the decimal form of a catalogue code is found.
const lists = catalogueLists(
  ERRORS,
  (entry) => String(entry.code),
  1025,
  (timestamp, errors): ErrorListValue => ({ timestamp, errors }),
);

export const allErrors = lists.all;
export const oneError = lists.one;
