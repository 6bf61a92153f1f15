import { allContainers } from '../lib/catalog/container-lists';
import { nowSeconds } from '../lib/iso-time';
import { endpoint } from '../lib/http/endpoint';
import { ContainerListShape } from '../lib/resources/catalogue';
import { resource } from '../lib/resources/shape';

/** GET /containers: every container with its topics. */
export const handler = endpoint({ args: {}, cacheable: true }, () => resource(ContainerListShape, allContainers(nowSeconds())));
