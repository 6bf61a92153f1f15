/** The views the functions send, each followed to its end: a redirect answers without waiting, so tests wait for the views. */
import type { ShortUrlStore, ViewResult } from '../../lib/shorturls/store';

export interface SentViews {
  /** The code of each view sent so far, in order. */
  readonly codes: readonly string[];
  /** How each view sent so far ended, in the order they ended; 'failed' if the store threw. */
  readonly outcomes: ReadonlyArray<{ readonly code: string; readonly outcome: ViewResult['outcome'] | 'failed' }>;
  /** Resolves once every view sent so far, and any sent meanwhile, has ended. */
  ended(): Promise<void>;
  restore(): void;
}

/**
 * Follows the views sent through `store`: a store class's prototype, for every instance's views
 * (taken as a parameter: importing lib/shorturls/dynamodb.ts here would load the functions' client).
 */
export function followViews(store: Pick<ShortUrlStore, 'addView'>): SentViews {
  const codes: string[] = [];
  const outcomes: Array<SentViews['outcomes'][number]> = [];
  const pending: Promise<unknown>[] = [];
  const addView = store.addView;
  const spy = jest.spyOn(store, 'addView').mockImplementation(function (this: ShortUrlStore, code: string) {
    codes.push(code);
    const view = addView.call(this, code);
    pending.push(
      view.then(
        ({ outcome }) => outcomes.push({ code, outcome }),
        () => outcomes.push({ code, outcome: 'failed' }),
      ),
    );
    return view;
  });
  return {
    codes,
    outcomes,
    async ended() {
      for (let waited = 0; waited < pending.length; ) {
        const sent = pending.length;
        await Promise.all(pending.slice(waited));
        waited = sent;
      }
    },
    restore: () => spy.mockRestore(),
  };
}
