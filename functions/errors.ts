import { allErrors } from '../lib/catalog/error-lists';
import { nowSeconds } from '../lib/iso-time';
import { endpoint } from '../lib/http/endpoint';
import { ErrorListShape } from '../lib/resources/catalogue';
import { resource } from '../lib/resources/shape';

/** GET /errors: the whole error catalogue. */
export const handler = endpoint({ args: {}, cacheable: true }, () => resource(ErrorListShape, allErrors(nowSeconds())));
