import { nowSeconds } from '../lib/clock';
import { documentClient } from '../lib/db/client';
import { ApiError } from '../lib/errors';
import { endpoint, pathParameter } from '../lib/http';
import { isUtf8Path } from '../lib/http/query';
import { resource, ShortUrlListShape } from '../lib/resources';
import { DynamoShortUrlStore } from '../lib/shorturls/dynamodb';
import { ShortUrlService } from '../lib/shorturls/service';
import { requiredSetting } from '../lib/config';
import { readShortLinkHost } from '../lib/shorturls/settings';

const shortUrls = new ShortUrlService(
  new DynamoShortUrlStore(documentClient, requiredSetting(process.env, 'SHORT_URLS_TABLE')),
  readShortLinkHost(process.env),
);

/**
 * GET /url/short/{short url}: a short URL by its code or whole URL; lookups are not views. A
 * segment whose escapes are not UTF-8 is refused as such a `url` is (decisions.md, `url`).
 */
export const handler = endpoint({ args: {} }, async (_args, event) => {
  if (!isUtf8Path(event.rawPath)) throw new ApiError(1016, 'short_url');
  return resource(ShortUrlListShape, shortUrls.listOf(await shortUrls.lookup(pathParameter(event, 'short_url')), nowSeconds()));
});
