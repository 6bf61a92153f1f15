/**
 * The checks every hostile-input answer goes through once it is parsed: a catalogue answer, one
 * of the outcomes the oracle allows, with the status its code has, echoing nothing of the input;
 * and headers that carry nothing of it either.
 */
import type { ResponseType } from '../expect-error';
import { expectIs, expectMatch } from '../quick-expect';
import { statusFor } from '../status-per-code';
import { hostileInputs } from './echoes';
import { expectedOutcomes } from './expected';
import { listingProblem } from './listing-check';
import type { ListingOutcome, Outcome } from './outcomes';
import { objectStrings, type Parsed, type Payload } from './payload';
import { routeOf, type WireRequest } from './requests';
import { SHORT_URL } from './short-urls';
import { CATALOGUE_BY_CODE, CONTAINER_NAMES, SAFE_DETAIL } from './rules';

/** The message detail, once the message is known to be a catalogue message with a safe detail. */
function checkMessage(code: number, message: string): string | undefined {
  const catalogued = CATALOGUE_BY_CODE.get(code);
  if (catalogued === undefined) throw new Error(`code ${code} is not in the catalogue`);
  if (message === catalogued) return undefined;
  expectIs(message.startsWith(`${catalogued}: `), true);
  const detail = message.slice(catalogued.length + 2);
  expectMatch(detail, SAFE_DETAIL);
  return detail;
}

/** Why the answer is not `outcome`, or undefined when it is. */
function mismatch(payload: Payload, outcome: Outcome, type: ResponseType): string | undefined {
  if (outcome.kind === 'listing') return listingProblem(payload, outcome);
  return matches(payload, outcome, type) ? undefined : `not ${outcome.kind === 'error' ? outcome.code : outcome.kind}`;
}

function matches(payload: Payload, outcome: Exclude<Outcome, ListingOutcome>, type: ResponseType): boolean {
  switch (outcome.kind) {
    case 'alert':
      return payload.kind === 'alert' && payload.message === CATALOGUE_BY_CODE.get(outcome.code);
    case 'error': {
      if (payload.kind !== 'error' || payload.code !== outcome.code) return false;
      const base = CATALOGUE_BY_CODE.get(outcome.code)!;
      const messageOk = outcome.details.some((d) => payload.message === (d === null ? base : `${base}: ${d}`));
      return messageOk && payload.status === (type === 'javascript' ? statusFor(outcome.code) : undefined);
    }
    case 'errors': {
      if (payload.kind !== 'errors') return false;
      const want = outcome.only === undefined ? [...CATALOGUE_BY_CODE.keys()] : [Number(outcome.only)];
      return JSON.stringify(payload.entries) === JSON.stringify(want.map((code) => ({ code, message: CATALOGUE_BY_CODE.get(code) })));
    }
    case 'containers': {
      if (payload.kind !== 'containers') return false;
      const want = outcome.only === undefined ? CONTAINER_NAMES : [outcome.only];
      return (
        JSON.stringify(payload.entries.map((c) => c.short_name)) === JSON.stringify(want) &&
        payload.entries.every((c) => c.topics.length > 0)
      );
    }
    case 'shorturls': {
      if (
        payload.kind !== 'shorturls' ||
        payload.total !== 1 ||
        payload.count !== 1 ||
        payload.offset !== 0 ||
        payload.entries.length !== 1
      )
        return false;
      const entry = payload.entries[0]!;
      const wellFormed =
        SHORT_URL.test(entry.short_url) &&
        Number.isSafeInteger(entry.itemid) &&
        (entry.itemid as number) > 0 &&
        Number.isSafeInteger(entry.view_count) &&
        (entry.view_count as number) >= 0;
      return (
        wellFormed &&
        entry.link === outcome.link &&
        (outcome.short_url === undefined || entry.short_url === outcome.short_url) &&
        (outcome.itemid === undefined || entry.itemid === outcome.itemid)
      );
    }
  }
}

/** How often each route answered what (e.g. `create:shorturls`, `lookup:404`): the properties check they reach their cases. */
const answers = new Map<string, number>();
export const answered = (what: string): number => answers.get(what) ?? 0;
/** Counts from nothing again: each property checks the answers of its own requests. */
export const forgetAnswers = (): void => answers.clear();

/** Everything but parsing: the answer is a catalogue one, the expected one, and echoes nothing. */
export function verify(request: WireRequest, statusCode: number, type: ResponseType, parsed: Parsed): void {
  const { payload } = parsed;
  let detail: string | undefined;
  if (payload.kind === 'error') detail = checkMessage(payload.code, payload.message);
  if (payload.kind === 'alert') expect([CATALOGUE_BY_CODE.get(1002), CATALOGUE_BY_CODE.get(1003)]).toContain(payload.message);
  if (payload.kind !== 'error' && payload.kind !== 'alert') {
    expectIs(Number.isSafeInteger(payload.timestamp) && payload.timestamp > 0, true);
  }
  // A record's link is the input by design (normalised); its serialisation leaves nothing active.
  const recordTexts = new Set<string>();
  if (payload.kind === 'shorturls') {
    for (const entry of payload.entries) {
      expectMatch(entry.link, /^https?:\/\/[\x21-\x7e]+$/);
      expect(entry.link).not.toMatch(/[<>"]/);
      recordTexts.add(entry.link).add(entry.short_url);
    }
  }
  if (payload.kind === 'errors') for (const e of payload.entries) expectIs(CATALOGUE_BY_CODE.get(e.code), e.message);
  // Gallery records come from the table, not the request; the seeded ones are checked to be exactly as stored.
  if (payload.kind === 'gallery' || payload.kind === 'events')
    for (const text of payload.items.flatMap(objectStrings)) recordTexts.add(text);

  const outcomes = expectedOutcomes(request, type);
  const problems = outcomes.map((outcome) => mismatch(payload, outcome, type));
  if (!problems.includes(undefined)) {
    const expected = JSON.stringify(outcomes, (key, value: unknown) => (key === 'candidates' ? '...' : value));
    throw new Error(
      `answered ${JSON.stringify(payload).slice(0, 400)}; expected one of ${expected.slice(0, 600)}: ${problems.join(' | ').slice(0, 600)}`,
    );
  }
  const route = routeOf(request);
  const what = payload.kind === 'error' ? payload.code : payload.kind;
  const counted = [`${route.kind}:${what}`];
  if (route.kind === 'gallery') {
    counted.push(`${route.endpoint}:${what}`);
    if ((payload.kind === 'gallery' || payload.kind === 'events') && payload.items.length > 0)
      counted.push('gallery:entries', `${route.endpoint}:entries`);
  }
  for (const answered of counted) answers.set(answered, (answers.get(answered) ?? 0) + 1);
  const error = payload.kind === 'error' || payload.kind === 'alert';
  const code = payload.kind === 'error' ? payload.code : 0;
  expectIs(statusCode, type === 'javascript' || !error ? 200 : statusFor(code));

  for (const hostile of hostileInputs(request)) {
    // A safe argument name is told back by design, and so is any input it happens to contain
    // (`type` in the unknown argument `typea`).
    if (detail?.includes(hostile)) continue;
    const echo = parsed.strings.find((text) => !recordTexts.has(text) && text.includes(hostile));
    if (echo !== undefined)
      throw new Error(`input ${JSON.stringify(hostile).slice(0, 100)} echoed in ${JSON.stringify(echo).slice(0, 200)}`);
  }
}

/**
 * Nothing of the input reaches a header: only the headers the answer may carry, each value
 * printable ASCII (no CR or LF to split the response, no NUL), none holding a hostile input.
 */
export function checkHeaders(headers: Readonly<Record<string, string>>, allowed: ReadonlySet<string>, hostile: readonly string[]): void {
  for (const [name, value] of Object.entries(headers)) {
    if (!allowed.has(name)) throw new Error(`unexpected header ${name}: ${JSON.stringify(value).slice(0, 200)}`);
    if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`header ${name} holds ${JSON.stringify(value).slice(0, 200)}`);
    const echoed = hostile.find((text) => value.includes(text));
    if (echoed !== undefined) throw new Error(`input ${JSON.stringify(echoed).slice(0, 100)} echoed in header ${name}`);
  }
}
