import { nowSeconds } from '../lib/iso-time';
import { endpoint } from '../lib/http/endpoint';
import { resource } from '../lib/resources/shape';
import { ShortUrlListShape } from '../lib/resources/short-urls';
import { shortUrlService } from '../lib/shorturls/service';

const shortUrls = shortUrlService();

/**
 * GET /url/short/{short url}: a short URL by its code or whole URL; lookups are not views. A
 * segment whose escapes are not UTF-8 is refused as such a `url` is (docs/api.md, Short URLs: `url`).
 */
export const handler = endpoint({ args: {}, notUtf8Path: { code: 1016, segment: 'short_url' } }, async ({ path }) =>
  resource(ShortUrlListShape, shortUrls.listOf(await shortUrls.lookup(path('short_url')), nowSeconds())),
);
