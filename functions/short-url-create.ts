import { nowSeconds } from '../lib/clock';
import { documentClient } from '../lib/db/client';
import { endpoint, textArgument } from '../lib/http';
import { countMetric } from '../lib/observability/powertools';
import { resource, ShortUrlListShape } from '../lib/resources';
import { DynamoRateLimitStore, DynamoShortUrlStore } from '../lib/shorturls/dynamodb';
import { RateLimiter } from '../lib/shorturls/rate-limit';
import { ShortUrlService } from '../lib/shorturls/service';
import { requiredSetting } from '../lib/config';
import { readRateLimits, readShortLinkHost } from '../lib/shorturls/settings';

const shortUrls = new ShortUrlService(
  new DynamoShortUrlStore(documentClient, requiredSetting(process.env, 'SHORT_URLS_TABLE')),
  readShortLinkHost(process.env),
);
const rateLimiter = new RateLimiter(
  new DynamoRateLimitStore(documentClient, requiredSetting(process.env, 'RATE_LIMITS_TABLE')),
  readRateLimits(process.env),
  () => countMetric('RateLimited'),
);

/** GET /url/short/create?url=…: the link's short URL, made on first request. */
// A link whose escapes are not UTF-8 would be stored with U+FFFD: two links, one record.
export const handler = endpoint({ args: { url: textArgument({ notUtf8: 1016 }) } }, async ({ url }, event, context) => {
  const now = nowSeconds();
  const admit = () => rateLimiter.admit(context.appKey!, event.requestContext.http.sourceIp, now);
  const { record, created } = await shortUrls.create(url, admit);
  if (created) countMetric('ShortUrlsCreated');
  return resource(ShortUrlListShape, shortUrls.listOf(record, now));
});
