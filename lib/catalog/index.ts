import { ApiError } from '../errors';
import type { ContainerListValue, ErrorListValue } from '../resources';
import { CONTAINERS } from './containers';
import { ERROR_CATALOGUE } from './errors';

/**
 * Keeps the values made during the current second, so that every request of that second shares
 * one value object, and with it the renderers' memoised serialisations.
 */
function sharedWithinSecond<V>(make: (key: string, timestamp: number) => V): (key: string, timestamp: number) => V {
  let second = -1;
  const made = new Map<string, V>();
  return (key, timestamp) => {
    if (timestamp !== second) {
      second = timestamp;
      made.clear();
    }
    let value = made.get(key);
    if (value === undefined) {
      value = make(key, timestamp);
      made.set(key, value);
    }
    return value;
  };
}

const ERRORS = ERROR_CATALOGUE.map(([code, message]) => ({ code, message }));
const ERRORS_BY_CODE = new Map(ERRORS.map((entry) => [String(entry.code), entry]));
const CONTAINERS_BY_NAME = new Map(CONTAINERS.map((entry) => [entry.short_name, entry]));

/** The key of the whole list; every other key names one entry, checked to exist beforehand. */
const ALL = '';

const errorLists = sharedWithinSecond(
  (code, timestamp): ErrorListValue => ({
    timestamp,
    errors: code === ALL ? ERRORS : [ERRORS_BY_CODE.get(code)!],
  }),
);

const containerLists = sharedWithinSecond(
  (name, timestamp): ContainerListValue => ({
    timestamp,
    containers: name === ALL ? CONTAINERS : [CONTAINERS_BY_NAME.get(name)!],
  }),
);

export function allErrors(timestamp: number): ErrorListValue {
  return errorLists(ALL, timestamp);
}

/** `code` is the raw path segment: only the decimal form of a catalogue code is found. */
export function oneError(code: string, timestamp: number): ErrorListValue {
  if (!ERRORS_BY_CODE.has(code)) throw new ApiError(1025);
  return errorLists(code, timestamp);
}

export function allContainers(timestamp: number): ContainerListValue {
  return containerLists(ALL, timestamp);
}

export function oneContainer(shortName: string, timestamp: number): ContainerListValue {
  if (!CONTAINERS_BY_NAME.has(shortName)) throw new ApiError(1014);
  return containerLists(shortName, timestamp);
}
