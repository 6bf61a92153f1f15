/** The message of what `read` throws as a `kind` (a ConfigError, a RefusedLine); anything else is thrown on, a value taken fails. */
export function refusalOf(kind: abstract new (...args: never[]) => Error, read: () => unknown): string {
  try {
    read();
  } catch (error) {
    if (error instanceof kind) return error.message;
    throw error;
  }
  throw new Error(`taken where a ${kind.name} was expected`);
}
