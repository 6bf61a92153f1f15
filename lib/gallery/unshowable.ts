/**
 * Stored values a request could not take as they are (docs/api.md, Errors: stored values): each
 * item's key, what became of it and the fields why, logged in one warning per request when it is
 * answered (its signal is aborted then: lib/db/failures.ts), so that a page of a hundred bad
 * records is one line, and an item read twice in a request is named once. Without a request (the
 * importer's reads), at once.
 */
import { logger } from '../observability/powertools';

/** A record left out of the answer, a value shown degraded, an earliest-date hint not used. */
export type Outcome = 'refused' | 'degraded' | 'ignored';

type Noted = { key: string } & { [outcome in Outcome]?: string[] };

const MESSAGE = 'stored values the API cannot show as they are';

/** A request's notes, by item key. */
const notes = new WeakMap<AbortSignal, Map<string, Noted>>();

export function noteUnshowable(signal: AbortSignal | undefined, key: string, outcome: Outcome, fields: readonly string[]): void {
  if (signal === undefined || signal.aborted) {
    logger.warn(MESSAGE, { items: [{ key, [outcome]: fields }] });
    return;
  }
  let items = notes.get(signal);
  if (items === undefined) {
    const noted = new Map<string, Noted>();
    signal.addEventListener('abort', () => logger.warn(MESSAGE, { items: [...noted.values()] }), { once: true });
    notes.set(signal, noted);
    items = noted;
  }
  const item = items.get(key) ?? { key };
  items.set(key, item);
  item[outcome] = [...new Set([...(item[outcome] ?? []), ...fields])];
}
