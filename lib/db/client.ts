/**
 * The DynamoDB document client of a function's container, made when the module loads, and its
 * single-attempt twin for the one write that must not be sent twice. The endpoint is the SDK's
 * own setting (AWS_ENDPOINT_URL_DYNAMODB locally); and the bounds of what it sends and reads:
 * the keys of one BatchGetItem, and numbers as the stores check them.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

function clientSending(maxAttempts: number, timeouts: { connectionTimeout: number; requestTimeout: number }): DynamoDBDocumentClient {
  // Without throwOnRequestTimeout the SDK only warns, and a hung database would hold a request
  // until the function's timeout, which API Gateway answers, not the API.
  const client = new DynamoDBClient({
    maxAttempts,
    retryMode: 'standard',
    requestHandler: { ...timeouts, throwOnRequestTimeout: true },
  });
  // With no logger it still copies every request and answer through the sensitive-field filter.
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
    // Never a BigInt, nor a throw: a number past 2^53 (only by hand) reads as the nearest double,
    // which the stores' range checks then refuse or cap (docs/api.md, Short URLs: Stored values).
    unmarshallOptions: { wrapNumbers: Number },
  });
}

/** Three attempts of at most 2 s each plus backoff end well inside the functions' timeout and API Gateway's. */
export const documentClient = clientSending(3, { connectionTimeout: 1_000, requestTimeout: 2_000 });

let singleAttempt: DynamoDBDocumentClient | undefined;

/**
 * A client that sends each request once, for a write that must not land twice (a redirect's view:
 * lib/shorturls/dynamodb.ts), whose caller alone knows what it may send again. The redirect does
 * not wait for it, so it may take the function's whole timeout to land on a slow database. Made
 * on first use: only the redirect needs it.
 */
export const singleAttemptClient = (): DynamoDBDocumentClient =>
  (singleAttempt ??= clientSending(1, { connectionTimeout: 10_000, requestTimeout: 10_000 }));

/** DynamoDB takes at most 100 keys in one BatchGetItem, and refuses a key asked for twice. */
export const BATCH_GET_LIMIT = 100;

/** `keys` once each, in BatchGetItem-sized batches, in their order. */
export function batchGetBatches<T>(keys: readonly T[]): T[][] {
  const unique = [...new Set(keys)];
  const batches: T[][] = [];
  for (let start = 0; start < unique.length; start += BATCH_GET_LIMIT) batches.push(unique.slice(start, start + BATCH_GET_LIMIT));
  return batches;
}

/**
 * Whether a value, as read from a table or a file, is a whole number from `least` to `most`:
 * safe (exact in every JSON reader), so never a BigInt, a fraction or a number past 2^53.
 */
export const isWholeIn = (value: unknown, least: number, most: number = Number.MAX_SAFE_INTEGER): value is number =>
  Number.isSafeInteger(value) && (value as number) >= least && (value as number) <= most;
