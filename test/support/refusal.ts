/**
 * The message a refusal carries: what `read` throws as a `kind` (a ConfigError, a RefusedLine).
 * Anything else thrown is thrown on, and a value taken fails the test.
 */
export function refusalOf(kind: abstract new (...args: never[]) => Error, read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof kind) return error.message;
    throw error;
  }
  throw new Error(`taken where a ${kind.name} was expected`);
}
