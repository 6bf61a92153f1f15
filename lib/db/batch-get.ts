/** DynamoDB takes at most 100 keys in one BatchGetItem, and refuses a key asked for twice. */
export const BATCH_GET_LIMIT = 100;

/** `keys` once each, in BatchGetItem-sized batches, in their order. */
export function batchGetBatches<T>(keys: readonly T[]): T[][] {
  const unique = [...new Set(keys)];
  const batches: T[][] = [];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) batches.push(unique.slice(start, start + BATCH_GET_LIMIT));
  return batches;
}
