/**
 * One hostile request through the real handler (in process unless a test sends it otherwise), its answer through every check: status,
 * headers, the type its Content-Type names, a body its parser accepts, an answer the oracle allows, no echo. PHP waits for one batch.
 */
import fc from 'fast-check';
import { CONTENT_TYPE, type ResponseType, TYPES } from '../expect-error';
import { freshAddress } from '../fresh-address';
import { type Invocation, invoke } from '../invoke';
import { unserializeAll } from '../parsers';
import { expectIs, expectMatch } from '../quick-expect';
import { statusFor } from '../catalogue';
import { checkHeaders, hostileInputs } from './echoes';
import { listingProblem } from './listing-check';
import { expectedOutcomes, expectedType, type Outcome } from './oracle';
import { fromBody, fromPhp, objectStrings, type Parsed, type Payload } from './payload';
import { queryOf, routeOf, targetOf, type WireRequest } from './requests';
import { API_HEADERS, CATALOGUE_BY_CODE, CONTAINER_NAMES, SAFE_DETAIL } from './rules';
import { SHORT_URL } from './short-urls';

/** How long one property or check of many requests may take. */
export const TIMEOUT = 120_000;

function mismatch(payload: Payload, outcome: Outcome, type: ResponseType): string | undefined {
  if (outcome.kind === 'listing') return listingProblem(payload, outcome);
  const catalogued = (code: number) => CATALOGUE_BY_CODE.get(code);
  const json = (value: unknown) => JSON.stringify(value);
  const matches = (() => {
    switch (outcome.kind) {
      case 'alert':
        return payload.kind === 'alert' && payload.message === catalogued(outcome.code);
      case 'error': {
        if (payload.kind !== 'error' || payload.code !== outcome.code) return false;
        const message = (detail: string | null) => (detail === null ? catalogued(outcome.code) : `${catalogued(outcome.code)}: ${detail}`);
        const status = type === 'javascript' ? statusFor(outcome.code) : undefined;
        return outcome.details.some((detail) => payload.message === message(detail)) && payload.status === status;
      }
      case 'errors': {
        const codes = outcome.only === undefined ? [...CATALOGUE_BY_CODE.keys()] : [Number(outcome.only)];
        return payload.kind === 'errors' && json(payload.entries) === json(codes.map((code) => ({ code, message: catalogued(code) })));
      }
      case 'containers': {
        if (payload.kind !== 'containers') return false;
        const names = outcome.only === undefined ? CONTAINER_NAMES : [outcome.only];
        return json(payload.entries.map((c) => c.short_name)) === json(names) && payload.entries.every((c) => c.topics.length > 0);
      }
      case 'shorturls': {
        if (payload.kind !== 'shorturls' || json([payload.total, payload.count, payload.offset, payload.entries.length]) !== '[1,1,0,1]')
          return false;
        const { short_url, itemid, view_count, link } = payload.entries[0]!;
        const named = link === outcome.link && (outcome.short_url ?? short_url) === short_url && (outcome.itemid ?? itemid) === itemid;
        return named && SHORT_URL.test(short_url) && itemid > 0 && view_count >= 0 && [itemid, view_count].every(Number.isSafeInteger);
      }
    }
  })();
  return matches ? undefined : `not ${outcome.kind === 'error' ? outcome.code : outcome.kind}`;
}

/** How often each route answered what (e.g. `create:shorturls`, `lookup:404`): the properties check they reach their cases. */
const answers = new Map<string, number>();
export const answered = (what: string): number => answers.get(what) ?? 0;
/** Counts from nothing again: each property checks the answers of its own requests. */
export const forgetAnswers = (): void => answers.clear();

/** Everything but parsing: the answer is a catalogue one, the expected one, and echoes nothing. */
function verify(request: WireRequest, statusCode: number, type: ResponseType, { payload, strings }: Parsed): void {
  let detail: string | undefined;
  if (payload.kind === 'error') {
    // A catalogue message, with a safe detail if any.
    const catalogued = CATALOGUE_BY_CODE.get(payload.code);
    if (catalogued === undefined) throw new Error(`code ${payload.code} is not in the catalogue`);
    if (payload.message !== catalogued) {
      expectIs(payload.message.startsWith(`${catalogued}: `), true);
      detail = payload.message.slice(catalogued.length + 2);
      expectMatch(detail, SAFE_DETAIL);
    }
  }
  if (payload.kind === 'alert') expect([CATALOGUE_BY_CODE.get(1002), CATALOGUE_BY_CODE.get(1003)]).toContain(payload.message);
  else if (payload.kind !== 'error') expectIs(Number.isSafeInteger(payload.timestamp) && payload.timestamp > 0, true);
  // A record's link is the input by design (normalised), its serialisation leaving nothing active; gallery records come from the table.
  const recordTexts = new Set(payload.kind === 'gallery' || payload.kind === 'events' ? payload.items.flatMap(objectStrings) : []);
  if (payload.kind === 'shorturls')
    for (const entry of payload.entries) {
      expectMatch(entry.link, /^https?:\/\/[\x21\x23-\x3b\x3d\x3f-\x7e]+$/); // printable ASCII but " < >
      recordTexts.add(entry.link).add(entry.short_url);
    }
  if (payload.kind === 'errors') for (const e of payload.entries) expectIs(CATALOGUE_BY_CODE.get(e.code), e.message);

  const outcomes = expectedOutcomes(request, type);
  const problems = outcomes.map((outcome) => mismatch(payload, outcome, type));
  if (!problems.includes(undefined)) {
    const [answer, expected] = [JSON.stringify(payload), JSON.stringify(outcomes, (k, v: unknown) => (k === 'candidates' ? '...' : v))];
    throw new Error(`answered ${answer.slice(0, 400)}; expected one of ${expected.slice(0, 600)}: ${problems.join(' | ').slice(0, 600)}`);
  }
  const route = routeOf(request);
  const what = payload.kind === 'error' ? payload.code : payload.kind;
  const counted = [`${route.kind}:${what}`];
  if (route.kind === 'gallery') {
    counted.push(`${route.endpoint}:${what}`);
    if ((payload.kind === 'gallery' || payload.kind === 'events') && payload.items.length > 0)
      counted.push('gallery:entries', `${route.endpoint}:entries`);
  }
  for (const each of counted) answers.set(each, answered(each) + 1);
  const error = payload.kind === 'error' || payload.kind === 'alert';
  expectIs(statusCode, type === 'javascript' || !error ? 200 : statusFor(payload.kind === 'error' ? payload.code : 0));

  for (const hostile of hostileInputs(request)) {
    // A safe argument name is told back by design, and so is any input inside it (`type` in the unknown `typea`).
    if (detail?.includes(hostile)) continue;
    const echo = strings.find((text) => !recordTexts.has(text) && text.includes(hostile));
    if (echo !== undefined)
      throw new Error(`input ${JSON.stringify(hostile).slice(0, 100)} echoed in ${JSON.stringify(echo).slice(0, 200)}`);
  }
}

export type PendingPhp = Readonly<{ request: WireRequest; statusCode: number; body: string }>;

/** Runs `check`, naming the request in what it throws. */
export function withTarget(request: WireRequest, check: () => void): void {
  try {
    check();
  } catch (error) {
    const target = JSON.stringify(`${request.method} ${targetOf(request)}`).slice(0, 400);
    throw new Error(`${target} (Accept ${JSON.stringify(request.accept)}): ${(error as Error).message}`);
  }
}

/** invoke() with a fresh Lambda context (as the runtime makes one), the request's Accept header and an address of its own. */
export const invokeFresh = (request: WireRequest): Promise<Invocation> =>
  invoke(targetOf(request), {
    method: request.method,
    headers: request.accept === undefined ? {} : { accept: request.accept },
    sourceIp: freshAddress(),
  });

/** One request through the real handler (in process unless `send` says otherwise); PHP bodies kept for one batch. */
export async function checkRequest(request: WireRequest, pendingPhp: PendingPhp[], send = invokeFresh): Promise<void> {
  const response = await send(request);
  withTarget(request, () => {
    if (!(response.statusCode < 500)) expect(response.statusCode).toBeLessThan(500);
    expectIs(response.headers['x-content-type-options'], 'nosniff');
    checkHeaders(response.headers, API_HEADERS, hostileInputs(request));
    // docs/api.md, Headers and Retirement: no sunset unless one is set (these run with the defaults); gallery answers not cached.
    if ('sunset' in response.headers) expect(response.headers).not.toHaveProperty('sunset');
    if (routeOf(request).kind === 'gallery') expectIs(response.headers['cache-control'], 'no-store');
    const type = TYPES.find((kind) => CONTENT_TYPE[kind] === response.headers['content-type']);
    if (type === undefined) throw new Error(`Content-Type ${response.headers['content-type']}`);
    const expected = expectedType(request);
    if (expected !== undefined) expectIs(type, expected);
    // Over HTTP a HEAD answer is its head alone: the status of what the body would have been.
    if (request.method === 'HEAD' && response.body === '') {
      const statuses = expectedOutcomes(request, type).map((o) => (type === 'javascript' || o.kind !== 'error' ? 200 : statusFor(o.code)));
      return expect(statuses).toContain(response.statusCode);
    }
    if (type === 'php') return void pendingPhp.push({ request, statusCode: response.statusCode, body: response.body });
    verify(request, response.statusCode, type, fromBody(type, response.body, queryOf(request)));
  });
}

/** Unserializes the PHP bodies kept by checkRequest in one batch (each distinct body once) and checks each. */
export async function verifyPhp(pending: readonly PendingPhp[]): Promise<void> {
  if (pending.length === 0) return;
  const bodies = [...new Set(pending.map((p) => p.body))];
  const answers = new Map(unserializeAll(bodies).map((answer, i) => [bodies[i]!, answer]));
  for (const { request, statusCode, body } of pending)
    withTarget(request, () => verify(request, statusCode, 'php', fromPhp(answers.get(body)!, body)));
}

/** Runs the property over `numRuns` generated requests, then checks the PHP bodies in one batch. */
export async function assertHostileRequests(requests: fc.Arbitrary<WireRequest>, numRuns: number): Promise<void> {
  const pendingPhp: PendingPhp[] = [];
  const property = fc.asyncProperty(requests, (request) => checkRequest(request, pendingPhp));
  await fc.assert(property, { numRuns });
  await verifyPhp(pendingPhp);
}
