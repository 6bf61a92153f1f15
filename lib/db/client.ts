/**
 * The DynamoDB document client of a function's container, created when the module loads, and its
 * single-attempt twin for the one write that must not be sent twice.
 * The endpoint is the SDK's own setting (AWS_ENDPOINT_URL_DYNAMODB locally). Timeouts and
 * retries are chosen so that the worst case, three attempts of at most 2 s each plus backoff,
 * ends well inside the functions' 10 s timeout and API Gateway's 29 s. The SDK only warns when
 * a request outlives `requestTimeout` unless `throwOnRequestTimeout` is set: without it, a
 * database that accepts connections but never answers (hung) held every request until the
 * function's own timeout, whose answer is API Gateway's, not the API's in the requested type.
 * The SDK's logger middleware is taken out: with no logger configured it still copies every
 * request and answer through the schema's filter of sensitive fields, for a no-op logger to drop
 * (a 100-item page walked item by item), about a tenth of a gallery function's cold start.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

function clientSending(maxAttempts: number, timeouts: { connectionTimeout: number; requestTimeout: number }): DynamoDBDocumentClient {
  const client = new DynamoDBClient({
    maxAttempts,
    retryMode: 'standard',
    requestHandler: { ...timeouts, throwOnRequestTimeout: true },
  });
  client.middlewareStack.remove('loggerMiddleware');
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
    // Never a BigInt, nor a throw: a number past 2^53 (only by hand) reads as the nearest double,
    // which the stores' range checks then refuse or cap (docs/api.md, Short URLs: Stored values).
    unmarshallOptions: { wrapNumbers: Number },
  });
}

export const documentClient = clientSending(3, { connectionTimeout: 1_000, requestTimeout: 2_000 });

let singleAttempt: DynamoDBDocumentClient | undefined;

/**
 * A client that sends each request once. For a write that must not land twice whatever becomes
 * of its answer (a redirect's view: lib/shorturls/dynamodb.ts), whose caller alone knows what it
 * may send again, and which nobody waits for long: the redirect answers without it after 0.5 s,
 * so its request is given the function's whole 10 s to find a connection and to land, rather than
 * 1 s and 2 s (a database that is slow, not down, still counts it; locally, where one process
 * answers every visit, a view may also wait its turn for one of the client's 50 connections).
 * Made on first use: only the redirect needs it.
 */
export const singleAttemptClient = (): DynamoDBDocumentClient =>
  (singleAttempt ??= clientSending(1, { connectionTimeout: 10_000, requestTimeout: 10_000 }));
