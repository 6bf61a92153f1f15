import { nowSeconds } from '../lib/iso-time';
import { endpoint } from '../lib/http/endpoint';
import { textArgument } from '../lib/http/arguments';
import { countMetric } from '../lib/observability/powertools';
import { resource } from '../lib/resources/shape';
import { ShortUrlListShape } from '../lib/resources/short-urls';
import { creationRateLimiter } from '../lib/shorturls/rate-limit';
import { shortUrlService } from '../lib/shorturls/service';

const shortUrls = shortUrlService();
const rateLimiter = creationRateLimiter();

/** GET /url/short/create?url=…: the link's short URL, made on first request. */
// A link whose escapes are not UTF-8 would be stored with U+FFFD: two links, one record.
export const handler = endpoint(
  { args: { url: textArgument({ notUtf8: 1016 }) }, group: 'create' },
  async ({ args, appKey, clientAddress, requestId }) => {
    const now = nowSeconds();
    const { record, created } = await shortUrls.create(args.url, () => rateLimiter.admit(appKey, clientAddress, now, requestId));
    if (created) countMetric('ShortUrlsCreated');
    return resource(ShortUrlListShape, shortUrls.listOf(record, now));
  },
);
