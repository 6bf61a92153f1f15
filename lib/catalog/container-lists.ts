/** The container lists `/containers` and `/container/{short_name}` answer. */
import type { ContainerListValue } from '../resources/catalogue';
import { CONTAINERS } from './containers';
import { catalogueLists } from './lists';

const lists = catalogueLists(
  CONTAINERS,
  (entry) => entry.short_name,
  1014,
  (timestamp, containers): ContainerListValue => ({ timestamp, containers }),
);

export const allContainers = lists.all;
export const oneContainer = lists.one;
