import { oneContainer } from '../lib/catalog/container-lists';
import { nowSeconds } from '../lib/iso-time';
import { endpoint } from '../lib/http/endpoint';
import { ContainerListShape } from '../lib/resources/catalogue';
import { resource } from '../lib/resources/shape';

/** GET /container/{short_name}: the container-list wrapper holding the one container. */
export const handler = endpoint({ args: {}, cacheable: true }, ({ path }) =>
  resource(ContainerListShape, oneContainer(path('short_name'), nowSeconds())),
);
