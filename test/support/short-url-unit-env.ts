/** What short-URL modules read at load, for unit tests: table names never in a body, and a closed port, so a missed call fails at once. */
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
