/**
 * Lambda returns at most 6 MB (6 291 456 bytes) from a synchronous invocation, measured on the
 * JSON of the whole result: a body's quotes, backslashes and control characters take more room
 * there than in the body itself (docs/api.md, Errors: size). An answer over it is never sent: API
 * Gateway would answer its own 500 instead.
 */
import { ApiError } from '../errors';
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
 * with how many of this page's items would fit (at least 1), else without a detail.
 */
export function tooLarge(result: ApiResult, count: number | undefined): ApiError {
  if (count === undefined) return new ApiError(1007);
  const fitting = Math.max(1, Math.floor((count * LAMBDA_RESPONSE_LIMIT * 0.9) / envelopeBytes(result)));
  return new ApiError(1007, `count (at most ${fitting} for this page)`);
}
