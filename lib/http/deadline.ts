/**
 * Every request is answered before its function's timeout (docs/api.md, Errors: deadlines), with
 * the database error rather than Lambda's; and nothing more is read for a request once answered.
 */
import { databaseUnavailable } from '../db/failures';

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
