import { oneError } from '../lib/catalog/error-lists';
import { nowSeconds } from '../lib/iso-time';
import { endpoint } from '../lib/http/endpoint';
import { ErrorListShape } from '../lib/resources/catalogue';
import { resource } from '../lib/resources/shape';

/** GET /error/{code}: the error-list wrapper holding the one entry. */
export const handler = endpoint({ args: {}, cacheable: true }, ({ path }) =>
  resource(ErrorListShape, oneError(path('code'), nowSeconds())),
);
