/** The current Unix time in whole seconds, as every `timestamp` field carries it. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);
