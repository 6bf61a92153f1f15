import { ApiError } from '../errors';

const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;
const MAX_LENGTH = 128;

/** The Javascript type's callback: missing (or empty) is 1002, anything but a dotted name is 1003. */
export function checkCallback(raw: string | undefined): string {
  if (raw === undefined || raw === '') throw new ApiError(1002);
  if (raw.length > MAX_LENGTH || !CALLBACK.test(raw)) throw new ApiError(1003);
  return raw;
}
