/**
 * Lambda returns at most 6 MB (6 291 456 bytes) from a synchronous invocation, measured on the
 * JSON of the whole result: a body's quotes, backslashes and control characters take more room
 * there than in the body itself (docs/api.md, Errors: size). An answer over it is never sent: API
 * Gateway would answer its own 500 instead.
 */
import { ApiError } from '../api-error';
import type { ApiResult } from './context';

export const LAMBDA_RESPONSE_LIMIT = 6 * 1024 * 1024;

/** What the Node.js runtime sends for a result: its JSON, in UTF-8. */
export const envelopeBytes = (result: ApiResult): number => Buffer.byteLength(JSON.stringify(result));

/**
 * Whether Lambda can return the result. A body is at most 7 times its own length once in the
 * envelope (a control character, `\u0001`, escaped again), so ordinary answers are not measured.
 */
export function fitsLambda(result: ApiResult): boolean {
  const body = result.body ?? '';
  if (body.length * 7 + 16 * 1024 < LAMBDA_RESPONSE_LIMIT) return true;
  return envelopeBytes(result) <= LAMBDA_RESPONSE_LIMIT;
}

/**
 * The error for an answer too large to send: 1007 naming `count` when the endpoint takes one,
 * with the largest count whose page fits (`fitsWith`: whether the page of that many does; at
 * least 1), else without a detail. A page grows with its count, so a bisection finds it.
 */
export function tooLarge(count: number | undefined, fitsWith: (count: number) => boolean): ApiError {
  if (count === undefined) return new ApiError(1007);
  let [fitting, tooMany] = [1, count];
  while (tooMany - fitting > 1) {
    const middle = Math.floor((fitting + tooMany) / 2);
    if (fitsWith(middle)) fitting = middle;
    else tooMany = middle;
  }
  return new ApiError(1007, `count (at most ${fitting} for this page)`);
}
