import { ApiError } from '../api-error';

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

/** The key of the whole list; every other key names one entry, checked to exist beforehand. */
const ALL = '';

/**
 * The lists a catalogue answers: all its entries, or the one a path names (`missing`, the error
 * of a name it does not hold), each made once a second.
 */
export function catalogueLists<E, V>(
  entries: readonly E[],
  keyOf: (entry: E) => string,
  missing: number,
  listOf: (timestamp: number, entries: readonly E[]) => V,
) {
  const byKey = new Map(entries.map((entry) => [keyOf(entry), entry]));
  const lists = sharedWithinSecond((key, timestamp) => listOf(timestamp, key === ALL ? entries : [byKey.get(key)!]));
  return {
    all: (timestamp: number): V => lists(ALL, timestamp),
    one: (key: string, timestamp: number): V => {
      if (!byKey.has(key)) throw new ApiError(missing);
      return lists(key, timestamp);
    },
  };
}
