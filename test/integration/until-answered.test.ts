/**
 * untilAnswered (lib/db/failures.ts; docs/design-notes.md, Deadlines): the signal a request's reads
 * take is aborted once the request is answered or its deadline passes, so nothing more is read;
 * a static answer makes no signal at all.
 */
import { untilAnswered } from '../../lib/db/failures';

describe('untilAnswered', () => {
  test('aborts the signal once the work has settled, whether it answered or failed', async () => {
    let seen: AbortSignal | undefined;
    await untilAnswered(undefined, async (signal) => {
      seen = signal();
      expect(seen.aborted).toBe(false);
    });
    expect(seen!.aborted).toBe(true);
    await expect(
      untilAnswered(undefined, async (signal) => {
        seen = signal();
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(seen!.aborted).toBe(true);
  });

  test('aborts it at once when the deadline passes', async () => {
    const deadline = new AbortController();
    const work = untilAnswered(
      deadline.signal,
      (signal) => new Promise((_, reject) => signal().addEventListener('abort', () => reject(signal().reason))),
    );
    deadline.abort(new Error('deadline'));
    await expect(work).rejects.toThrow('deadline');
  });

  test('makes no signal for work that never asks for one (a static answer)', async () => {
    const made = jest.spyOn(AbortSignal, 'any');
    try {
      expect(await untilAnswered(new AbortController().signal, async () => 'answered')).toBe('answered');
      expect(made).not.toHaveBeenCalled();
      await untilAnswered(new AbortController().signal, async (signal) => signal());
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
