/**
 * One check of the smoke test: started at once, it passes, fails with a one-line reason or is
 * skipped, in a measured time; a check that needs another waits for it, and fails when it did.
 */

/** How long each request of a check may take. */
export const REQUEST_TIMEOUT_MS = 10_000;

export interface CheckResult {
  readonly name: string;
  readonly outcome: 'PASS' | 'FAIL' | 'SKIP';
  readonly reason?: string;
  readonly ms: number;
}

export interface Check<T> {
  readonly result: Promise<CheckResult>;
  /** What the check found, for the checks that depend on it; rejects when it failed. */
  readonly value: Promise<T>;
}

export class Skip extends Error {}

export function check<T>(name: string, run: () => Promise<T>): Check<T> {
  const started = performance.now();
  const value = run();
  value.catch(() => {}); // dependents and `result` read the failure
  const result = value.then(
    (): CheckResult => ({ name, outcome: 'PASS', ms: performance.now() - started }),
    (error: unknown): CheckResult => ({
      name,
      outcome: error instanceof Skip ? 'SKIP' : 'FAIL',
      reason: describe(error),
      ms: performance.now() - started,
    }),
  );
  return { result, value };
}

/** What went wrong, in one line: fetch's own message hides the cause (ECONNREFUSED, timeouts). */
export function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${(error.cause as NodeJS.ErrnoException).code ?? error.cause.message}` : '';
  const message = error.name === 'TimeoutError' ? `no answer within ${REQUEST_TIMEOUT_MS / 1000} s` : `${error.message}${cause}`;
  return message.replace(/\s+/g, ' ').slice(0, 300);
}

/** Waits for a check this one needs; when it failed, this one fails saying so. */
export async function after<T>(name: string, dependency: Check<T>): Promise<T> {
  try {
    return await dependency.value;
  } catch (error) {
    if (error instanceof Skip) throw error;
    throw new Error(`not run: ${name} failed`);
  }
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
