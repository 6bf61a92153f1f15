/** The views the functions send, each followed to its end: a redirect answers without waiting, so tests wait for the views. */
import type { ShortUrlStore, ViewResult } from '../../lib/shorturls/store';

export type SentViews = ReturnType<typeof followViews>;

/** Follows the views sent through a store class's prototype (a parameter: importing lib/shorturls/dynamodb.ts would load its client). */
export function followViews(store: Pick<ShortUrlStore, 'addView'>) {
  /** The code of each view sent so far, in order; how each ended, in the order they ended ('failed' if the store threw). */
  const codes: string[] = [];
  const outcomes: { readonly code: string; readonly outcome: ViewResult['outcome'] | 'failed' }[] = [];
  const pending: Promise<unknown>[] = [];
  const addView = store.addView;
  const spy = jest.spyOn(store, 'addView').mockImplementation(function (this: ShortUrlStore, code: string) {
    codes.push(code);
    const view = addView.call(this, code);
    const end = (outcome: (typeof outcomes)[number]['outcome']) => outcomes.push({ code, outcome });
    pending.push(view.then(({ outcome }) => end(outcome)).catch(() => end('failed')));
    return view;
  });
  return {
    codes,
    outcomes,
    /** Resolves once every view sent so far, and any sent meanwhile, has ended. */
    async ended(): Promise<void> {
      for (let waited = 0; waited < pending.length; ) {
        const sent = pending.length;
        await Promise.all(pending.slice(waited));
        waited = sent;
      }
    },
    restore: () => spy.mockRestore(),
  };
}
