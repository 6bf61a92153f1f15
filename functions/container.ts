import { oneContainer } from '../lib/catalog';
import { nowSeconds } from '../lib/clock';
import { endpoint, pathParameter } from '../lib/http';
import { ContainerListShape, resource } from '../lib/resources';

/** GET /container/{short_name}: the container-list wrapper holding the one container. */
export const handler = endpoint({ args: {}, cacheable: true }, (_args, event) =>
  resource(ContainerListShape, oneContainer(pathParameter(event, 'short_name'), nowSeconds())),
);
