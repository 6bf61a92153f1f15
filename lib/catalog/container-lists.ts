/** The container lists `/containers` and `/container/{short_name}` answer. */
import { ApiError } from '../errors';
import type { ContainerListValue } from '../resources';
import { CONTAINERS } from './containers';
import { ALL, sharedWithinSecond } from './within-second';

const CONTAINERS_BY_NAME = new Map(CONTAINERS.map((entry) => [entry.short_name, entry]));

const containerLists = sharedWithinSecond(
  (name, timestamp): ContainerListValue => ({
    timestamp,
    containers: name === ALL ? CONTAINERS : [CONTAINERS_BY_NAME.get(name)!],
  }),
);

export function allContainers(timestamp: number): ContainerListValue {
  return containerLists(ALL, timestamp);
}

export function oneContainer(shortName: string, timestamp: number): ContainerListValue {
  if (!CONTAINERS_BY_NAME.has(shortName)) throw new ApiError(1014);
  return containerLists(shortName, timestamp);
}
