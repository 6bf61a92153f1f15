import { documentClient } from '../lib/db/client';
import { DynamoShortUrlStore } from '../lib/shorturls/dynamodb';
import { redirectHandler } from '../lib/shorturls/redirect';
import { requiredSetting } from '../lib/config';

/** The short-link host's only function: GET /{code} and its $default route. */
export const handler = redirectHandler(new DynamoShortUrlStore(documentClient, requiredSetting(process.env, 'SHORT_URLS_TABLE')));
