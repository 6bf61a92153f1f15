/** The current Unix time in whole seconds, as every `timestamp` field carries it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Waits `ms` milliseconds: the backoff between retries. */
export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
