/**
 * DynamoDB's errors as the SDK makes them, for the short-URL fault tests: the transient ones (error 500 with
 * HTTP 503, lib/db/failures.ts) and the unexpected ones, each with a text of the process no body may show.
 */
import { UNIT_RATE_LIMITS_TABLE, UNIT_SHORT_URLS_TABLE } from './short-url-unit-env';
import { ProvisionedThroughputExceededException, ResourceNotFoundException, ThrottlingException } from '@aws-sdk/client-dynamodb';

/** An error the SDK makes of a service's answer: an Error named as the service named it. */
export const named =
  (name: string, message: string, fields: object = {}) =>
  () =>
    Object.assign(new Error(message), { name, ...fields });
/** An error of a class DynamoDB's client models. */
const modelled =
  (Type: new (options: { message: string; $metadata: object }) => Error, message: string, $metadata = {}) =>
  () =>
    new Type({ message, $metadata });
const THROUGHPUT = `secret-throughput: the level of configured provisioned throughput for ${UNIT_SHORT_URLS_TABLE} was exceeded`;
export const TRANSIENT: ReadonlyArray<readonly [string, () => Error]> = [
  ['ProvisionedThroughputExceededException', modelled(ProvisionedThroughputExceededException, THROUGHPUT, { httpStatusCode: 400 })],
  ['ThrottlingException', modelled(ThrottlingException, 'secret-throttling: Rate of requests exceeds the allowed throughput')],
  ['ThrottlingException by name only', named('ThrottlingException', 'secret-throttling-by-name: too many requests')],
  ['TimeoutError', named('TimeoutError', 'secret-timeout: Connection timed out after 2000 ms')],
  ['ECONNREFUSED', named('Error', 'secret-refused: connect ECONNREFUSED 10.11.12.13:443', { code: 'ECONNREFUSED', errno: -111 })],
];

const DENIED = `secret-denied: User: arn:aws:sts::123456789012:assumed-role/fn is not authorized to perform: dynamodb:GetItem on resource: arn:aws:dynamodb:us-east-1:123456789012:table/${UNIT_SHORT_URLS_TABLE}`;
const MISSING = `secret-missing: Requested resource not found: Table: ${UNIT_RATE_LIMITS_TABLE} not found`;
const INVALID = `secret-validation: One or more parameter values were invalid: ${UNIT_SHORT_URLS_TABLE}`;
const BUG = "secret-bug: Cannot read properties of undefined (reading 'last') at /work/main/lib/x.ts:1:2";
export const UNEXPECTED: ReadonlyArray<readonly [string, () => Error]> = [
  ['ValidationException', named('ValidationException', INVALID)],
  // Not modelled by DynamoDB's client: the SDK makes a generic service error of that name.
  ['AccessDeniedException', named('AccessDeniedException', DENIED, { $fault: 'client', $metadata: { httpStatusCode: 400 } })],
  ['ResourceNotFoundException', modelled(ResourceNotFoundException, MISSING)],
  ['a TypeError (a bug)', () => new TypeError(BUG)],
];

/**
 * DynamoDB refusing a key past its throughput: at the rate limit, the window's key past its writes, the rate limit's
 * own refusal. Any other throttling (a table's, an account's) is the database's error.
 */
export const THROTTLING = TRANSIENT.filter(([name]) => name === 'ProvisionedThroughputExceededException');
