/**
 * One hostile request through the real handler, in process through the one invoker
 * (test/support/invoke.ts) unless a test sends it otherwise, and its answer through every check:
 * status, headers, the type its Content-Type names, a body its real parser accepts, the oracle.
 * PHP bodies wait for one unserialize() batch.
 */
import fc from 'fast-check';
import { CONTENT_TYPE } from '../expect-error';
import { type Invocation, invoke } from '../invoke';
import { unserializeAll } from '../parsers';
import { expectIs } from '../quick-expect';
import { statusFor } from '../status-per-code';
import { hostileInputs } from './echoes';
import { expectedOutcomes, expectedType } from './expected';
import { fromBody, fromPhp } from './payload';
import { nextAddress, queryOf, routeOf, targetOf, type WireRequest } from './requests';
import { API_HEADERS, RESPONSE_TYPES } from './rules';
import { checkHeaders, verify } from './verify';

/** How long one property or check of many requests may take. */
export const TIMEOUT = 120_000;

export interface PendingPhp {
  readonly request: WireRequest;
  readonly statusCode: number;
  readonly body: string;
}

/** Runs `check`, naming the request in what it throws. */
export function withTarget(request: WireRequest, check: () => void): void {
  try {
    check();
  } catch (error) {
    const target = JSON.stringify(`${request.method} ${targetOf(request)}`).slice(0, 400);
    throw new Error(`${target} (Accept ${JSON.stringify(request.accept)}): ${(error as Error).message}`);
  }
}

/**
 * invoke() of test/support (a fresh Lambda context per request, as the Lambda runtime makes one),
 * with the request's Accept header and a client address of its own.
 */
export function invokeFresh(request: WireRequest): Promise<Invocation> {
  const headers: Record<string, string> = request.accept === undefined ? {} : { accept: request.accept };
  return invoke(targetOf(request), { method: request.method, headers, sourceIp: nextAddress() });
}

type Send = (request: WireRequest) => Promise<Invocation>;

/**
 * One request through the real handler (in-process unless `send` says otherwise); PHP bodies
 * are kept for one unserialize() batch.
 */
export async function checkRequest(request: WireRequest, pendingPhp: PendingPhp[], send: Send = invokeFresh): Promise<void> {
  const response = await send(request);
  withTarget(request, () => {
    if (!(response.statusCode < 500)) expect(response.statusCode).toBeLessThan(500);
    expectIs(response.headers['x-content-type-options'], 'nosniff');
    checkHeaders(response.headers, API_HEADERS, hostileInputs(request));
    // docs/api.md, Headers and Retirement: no group has a sunset date unless one is set (these
    // requests run with the defaults), and gallery answers are not cached.
    if ('sunset' in response.headers) expect(response.headers).not.toHaveProperty('sunset');
    if (routeOf(request).kind === 'gallery') expectIs(response.headers['cache-control'], 'no-store');
    const type = RESPONSE_TYPES.find((kind) => CONTENT_TYPE[kind] === response.headers['content-type']);
    if (type === undefined) throw new Error(`Content-Type ${response.headers['content-type']}`);
    const expected = expectedType(request);
    if (expected !== undefined) expectIs(type, expected);
    // Over HTTP a HEAD answer is its head alone: the status of what the body would have been.
    if (request.method === 'HEAD' && response.body === '') {
      const statuses = expectedOutcomes(request, type).map((outcome) =>
        type === 'javascript' || outcome.kind !== 'error' ? 200 : statusFor(outcome.code),
      );
      expect(statuses).toContain(response.statusCode);
      return;
    }
    if (type === 'php') {
      pendingPhp.push({ request, statusCode: response.statusCode, body: response.body });
      return;
    }
    verify(request, response.statusCode, type, fromBody(type, response.body, queryOf(request)));
  });
}

/** Unserializes the PHP bodies kept by checkRequest in one batch and checks each. */
export async function verifyPhp(pending: readonly PendingPhp[]): Promise<void> {
  if (pending.length === 0) return;
  // Each distinct body once: what unserialize() makes of a body depends on its bytes alone.
  const bodies = [...new Set(pending.map((p) => p.body))];
  const answers = new Map(unserializeAll(bodies).map((answer, i) => [bodies[i]!, answer]));
  pending.forEach(({ request, statusCode, body }) => {
    withTarget(request, () => verify(request, statusCode, 'php', fromPhp(answers.get(body)!, body)));
  });
}

/** Runs the property over `numRuns` generated requests, then checks the PHP bodies in one batch. */
export async function assertHostileRequests(requests: fc.Arbitrary<WireRequest>, numRuns: number): Promise<void> {
  const pendingPhp: PendingPhp[] = [];
  await fc.assert(
    fc.asyncProperty(requests, (request) => checkRequest(request, pendingPhp)),
    { numRuns },
  );
  await verifyPhp(pendingPhp);
}
