/**
 * A read started now and awaited later, or never (a request answered first, or refused, drops
 * it): its failure must not go unhandled meanwhile.
 */
export function awaitedLater<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
