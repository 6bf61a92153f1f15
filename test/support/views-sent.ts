/** The views the functions send, each followed to its end: a redirect answers without waiting, so tests wait for the views. */
import type { ShortUrlStore, ViewResult } from '../../lib/shorturls/store';

export type SentViews = ReturnType<typeof followViews>;

type Outcome = { readonly code: string; readonly outcome: ViewResult['outcome'] | 'failed' };
type ViewSending = Pick<ShortUrlStore, 'addView'> & Partial<Pick<ShortUrlStore, 'addShardView'>>;

/**
 * Follows the views sent through a store class's prototype (a parameter: importing
 * lib/shorturls/dynamodb.ts would load its client): on the record, and on a shard where the store has them.
 */
export function followViews(store: ViewSending) {
  /** The code of each view sent so far, in order; how each ended, in the order they ended ('failed' if the store threw). */
  const codes: string[] = [];
  const outcomes: Outcome[] = [];
  const shardOutcomes: Outcome[] = [];
  const pending: Promise<unknown>[] = [];
  const onEnd = new Set<() => void>();
  const follow = (method: keyof ShortUrlStore & keyof ViewSending, into: Outcome[]) => {
    const send = store[method] as (code: string) => Promise<{ outcome: Outcome['outcome'] }>;
    return jest.spyOn(store as ShortUrlStore, method).mockImplementation(function (this: ShortUrlStore, code: string) {
      if (method === 'addView') codes.push(code);
      const view = send.call(this, code);
      const end = (outcome: Outcome['outcome']) => {
        into.push({ code, outcome });
        for (const waiting of onEnd) waiting();
        onEnd.clear();
      };
      pending.push(view.then(({ outcome }) => end(outcome)).catch(() => end('failed')));
      return view as never;
    });
  };
  const spies = [follow('addView', outcomes), ...(store.addShardView ? [follow('addShardView', shardOutcomes)] : [])];
  const views = {
    codes,
    outcomes,
    shardOutcomes,
    /** Resolves once every view sent so far, and any sent meanwhile, has ended. */
    async ended(): Promise<void> {
      for (let waited = 0; waited < pending.length; ) {
        const sent = pending.length;
        await Promise.all(pending.slice(waited));
        waited = sent;
      }
    },
    /** Resolves once every view the record's key throttled has ended on a shard: each does, for a link that is live. */
    async spilledEnded(): Promise<void> {
      await views.ended();
      while (shardOutcomes.length < outcomes.filter(({ outcome }) => outcome === 'throttled').length) {
        await new Promise<void>((ended) => onEnd.add(ended));
        await views.ended();
      }
    },
    restore: () => {
      for (const spy of spies) spy.mockRestore();
    },
  };
  return views;
}

/** followViews(store) anew before each test of the file, restored after it: the object answers for the test running. */
export function followViewsEachTest(store: ViewSending): SentViews {
  let current: SentViews | undefined;
  beforeEach(() => {
    current = followViews(store);
  });
  afterEach(() => current?.restore());
  return new Proxy({} as SentViews, { get: (_, name) => current![name as keyof SentViews] });
}
