import { nowSeconds } from '../lib/clock';
import { documentClient } from '../lib/db/client';
import { endpoint, pathParameter } from '../lib/http';
import { resource, ShortUrlListShape } from '../lib/resources';
import { DynamoShortUrlStore } from '../lib/shorturls/dynamodb';
import { ShortUrlService } from '../lib/shorturls/service';
import { requiredSetting } from '../lib/config';
import { readShortUrlHost } from '../lib/shorturls/settings';

const shortUrls = new ShortUrlService(
  new DynamoShortUrlStore(documentClient, requiredSetting(process.env, 'SHORT_URLS_TABLE')),
  readShortUrlHost(process.env),
);

/** GET /url/short/{short url}: a short URL by its code or whole URL; lookups are not views. */
export const handler = endpoint({ args: {} }, async (_args, event) =>
  resource(ShortUrlListShape, shortUrls.listOf(await shortUrls.lookup(pathParameter(event, 'short_url')), nowSeconds())),
);
