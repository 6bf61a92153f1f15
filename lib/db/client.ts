/**
 * The one DynamoDB document client of a function's container, created when the module loads.
 * The endpoint is the SDK's own setting (AWS_ENDPOINT_URL_DYNAMODB locally). Timeouts and
 * retries are chosen so that the worst case, three attempts of at most 2 s each plus backoff,
 * ends well inside the functions' 10 s timeout and API Gateway's 29 s. The SDK only warns when
 * a request outlives `requestTimeout` unless `throwOnRequestTimeout` is set: without it, a
 * database that accepts connections but never answers (hung) held every request until the
 * function's own timeout, whose answer is API Gateway's, not the API's in the requested type.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export const documentClient = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    maxAttempts: 3,
    retryMode: 'standard',
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);
