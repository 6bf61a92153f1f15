import { oneError } from '../lib/catalog/error-lists';
import { nowSeconds } from '../lib/clock';
import { endpoint } from '../lib/http';
import { ErrorListShape, resource } from '../lib/resources';

/** GET /error/{code}: the error-list wrapper holding the one entry. */
export const handler = endpoint({ args: {}, cacheable: true }, ({ path }) =>
  resource(ErrorListShape, oneError(path('code'), nowSeconds())),
);
