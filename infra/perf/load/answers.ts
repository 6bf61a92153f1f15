/**
 * How the load reads an answer without parsing it: the status its client sees, and whether a 503
 * is the rate limiter's. Held to the real answers by test/unit/short-urls-faults.test.ts.
 */
import type { ResponseType } from '../../../lib/render';

/** The rate limiter's answer carries error 403 (lib/shorturls/rate-limit.ts), in any type. */
export const RATE_LIMITED = /"code":403\b|code="403"|"code";i:403;/;
/** A javascript-type error's status: the last member of the object passed to the callback. */
const SCRIPT_STATUS = /[{,]"status":(\d{3})\}\);\s*$/;

/** The status a client of `type` sees: for javascript, the one its body carries, if any. */
export function clientStatus(type: ResponseType | undefined, status: number, body: string): number {
  if (type !== 'javascript') return status;
  const inBody = SCRIPT_STATUS.exec(body);
  return inBody ? Number(inBody[1]) : status;
}
