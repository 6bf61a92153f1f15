import { ApiError } from '../api-error';

const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const MAX_LENGTH = 128;

/**
 * Names the pattern admits but no page can define as a function: reserved words (`while(…)`
 * would hang the page, `import(…)` would fetch a module) and the global constants.
 */
const UNCALLABLE = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for ' +
    'function if import in instanceof new null return super switch this throw true try typeof var void while with ' +
    'yield let static implements interface package private protected public await undefined NaN Infinity'
  ).split(' '),
);

/** The Javascript type's callback: missing (or empty) is 1002, anything but a callable dotted name is 1003. */
export function checkCallback(raw: string | undefined): string {
  if (raw === undefined || raw === '') throw new ApiError(1002);
  if (raw.length > MAX_LENGTH || !CALLBACK.test(raw) || UNCALLABLE.has(raw.split('.')[0]!)) throw new ApiError(1003);
  return raw;
}
