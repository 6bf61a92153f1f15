/**
 * Keeps the values made during the current second, so that every request of that second shares
 * one value object, and with it the renderers' memoised serialisations.
 */
export function sharedWithinSecond<V>(make: (key: string, timestamp: number) => V): (key: string, timestamp: number) => V {
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

/** The key of a whole list; every other key names one entry, checked to exist beforehand. */
export const ALL = '';
