import { ApiError } from '../api-error';

/** DynamoDB's refusals of a key (or table) past its throughput: applied nowhere. */
export const THROTTLED_NAMES: ReadonlySet<string> = new Set([
  'ProvisionedThroughputExceededException',
  'ThrottlingException',
  'RequestLimitExceeded',
]);

/** Errors that say the database is busy or out of reach for a moment, not that a request is wrong. */
const TRANSIENT_NAMES = new Set([
  ...THROTTLED_NAMES,
  'InternalServerError',
  'ServiceUnavailable',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Reasons a transaction is cancelled for that say the same (busy items included); the SDK does not retry those. */
const TRANSIENT_CANCELLATIONS = new Set(['ThrottlingError', 'ProvisionedThroughputExceeded', 'TransactionConflict']);

/** By name, not class: the class a caught error was made from need not be this module's copy. */
export const isNamed = (error: unknown, name: string): boolean => error instanceof Error && error.name === name;

/** A request DynamoDB refused as past its key's throughput, after the SDK's retries. */
export const throttled = (error: unknown): boolean => error instanceof Error && THROTTLED_NAMES.has(error.name);

/** A write refused by its condition: what a conditional write that lost (or had already landed) answers. */
export const conditionFailed = (error: unknown): boolean => isNamed(error, 'ConditionalCheckFailedException');

/** Why each item of a cancelled transaction was cancelled, in the transaction's order (`None`: it was not). */
export const cancellationReasons = (error: unknown): string[] =>
  ((error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons ?? []).map((reason) => reason.Code ?? 'None');

function isTransient(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return (
    TRANSIENT_NAMES.has(error.name) ||
    (typeof code === 'string' && NETWORK_CODES.has(code)) ||
    cancellationReasons(error).some((reason) => TRANSIENT_CANCELLATIONS.has(reason))
  );
}

/**
 * What the client is told when the database fails after the SDK's retries: a transient
 * failure is error 500 with HTTP 503 and `Retry-After`, so that clients try again; anything
 * else stays an unexpected error (500, logged).
 */
export function databaseFailure(error: unknown): unknown {
  return isTransient(error) ? databaseUnavailable() : error;
}

/** Error 500 with HTTP 503 and `Retry-After`: the database cannot answer just now. */
export const databaseUnavailable = (): ApiError => new ApiError(500, undefined, { status: 503, headers: { 'Retry-After': '1' } });

/** Runs a database call, turning a transient failure into the answer above. */
export async function withDatabase<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw databaseFailure(error);
  }
}

/**
 * Every request is answered before its function's timeout (docs/api.md, Errors: deadlines), with
 * the database error rather than Lambda's; and nothing more is read for a request once answered.
 */

/** Room left for answering and for the log line: rendering an error takes well under a millisecond. */
export const DEADLINE_MARGIN_MS = 1_000;

/** middy's options for the deadline: its own answer to a late request would be a TimeoutError, answered 500. */
export const DEADLINE_OPTIONS = {
  timeoutEarlyInMillis: DEADLINE_MARGIN_MS,
  timeoutEarlyResponse: (): never => {
    throw databaseUnavailable();
  },
};

/**
 * Runs `work` with a signal that is aborted when the deadline passes (middy's `timedOut`) or when
 * `work` has settled, whichever comes first. The signal is made only when `work` asks for it:
 * making and aborting one costs more than a static endpoint's whole answer.
 */
export async function untilAnswered<T>(timedOut: AbortSignal | undefined, work: (signal: () => AbortSignal) => Promise<T>): Promise<T> {
  let answered: AbortController | undefined;
  let signal: AbortSignal | undefined;
  const signalOf = (): AbortSignal => {
    if (signal === undefined) {
      answered = new AbortController();
      signal = timedOut === undefined ? answered.signal : AbortSignal.any([timedOut, answered.signal]);
    }
    return signal;
  };
  try {
    return await work(signalOf);
  } finally {
    answered?.abort();
  }
}

/**
 * A read started now and awaited later, or never (a request answered first, or refused, drops
 * it): its failure must not go unhandled meanwhile.
 */
export function awaitedLater<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
