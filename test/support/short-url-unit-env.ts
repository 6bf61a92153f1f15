/**
 * The environment the short-URL function modules read when they load, for unit tests that run
 * them without a database (their DynamoDB client mocked). Import it before anything that may
 * load a function module. The table names are distinctive so that a test can check they never
 * reach a body; the endpoint is a closed port, so a call the mock misses fails at once instead
 * of reaching AWS.
 */
import { SHORT_URL_HOST } from './short-url-host';

export const UNIT_SHORT_URLS_TABLE = 'unit-secret-short-urls-table';
export const UNIT_RATE_LIMITS_TABLE = 'unit-secret-rate-limits-table';

Object.assign(process.env, {
  SHORT_URLS_TABLE: UNIT_SHORT_URLS_TABLE,
  RATE_LIMITS_TABLE: UNIT_RATE_LIMITS_TABLE,
  SHORT_URL_HOST,
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'unit-test',
  AWS_SECRET_ACCESS_KEY: 'unit-test',
  AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:9',
});
