/** The functions' client on the fake clock: command n answered `delayOf` ms late or failing (`failureOf`); reads keep ordered moments. */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/** Timers and Date are the test's; setImmediate stays real, so that real I/O can be waited for. */
export const TEST_CLOCK: Parameters<typeof jest.useFakeTimers>[0] = {
  doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate'],
};

/** When, on the test's clock, and in what order of events. */
type Moment = { readonly at: number; readonly seq: number };
let events = 0;
const moment = (): Moment => ({ at: Date.now(), seq: events++ });
/** outcome: 'answered', or the name of the error it ended with; real: the database's answer, once the delay is over. */
export type Read = { readonly command: string; readonly started: Moment; ended?: Moment; outcome?: string; real?: Promise<unknown> };
/** An answer on the test's clock: when it came, and how long after the call. */
export type Answering<T> = { readonly invocation: Promise<T>; at?: Moment; after?: number };

export function answering<T>(call: () => Promise<T>): Answering<T> {
  const started = Date.now();
  const answer: Answering<T> = {
    invocation: call().then((result) => Object.assign(answer, { at: moment() }, { after: Date.now() - started }) && result),
  };
  return answer;
}

/** One turn of the event loop: what real I/O has come in is handled, and the promises it settles. */
export const aTurn = (): Promise<void> => new Promise((turn) => setImmediate(turn));
/** The clock's longest step: well under the SDK's shortest timeout (1 s). */
const STEP_MS = 100;
type Options = { abortSignal?: AbortSignal };
type Rule<T> = (command: string, index: number) => T;

export function slowDatabase(client: DynamoDBDocumentClient, delayOf: Rule<number>, failureOf: Rule<Error | undefined> = () => undefined) {
  const reads: Read[] = [];
  const first = Promise.withResolvers<void>();
  // A client made slow before is made slow afresh: its spy would otherwise send to itself.
  if (jest.isMockFunction(client.send)) (client.send as unknown as jest.SpyInstance).mockRestore();
  const send = client.send.bind(client) as (command: unknown, options?: Options) => Promise<unknown>;
  jest.spyOn(client, 'send').mockImplementation(((command: { constructor: { name: string } }, options?: Options) => {
    const read: Read = { command: command.constructor.name, started: moment() };
    reads.push(read);
    first.resolve();
    const [delay, failure] = [delayOf(read.command, reads.length - 1), failureOf(read.command, reads.length - 1)];
    const end = (outcome: string) => Object.assign(read, { ended: moment(), outcome });
    return new Promise((resolve, reject) => {
      const go = () => {
        if (failure !== undefined) return reject(failure);
        read.real = send(command, options);
        read.real.then(resolve, reject);
      };
      if (delay === 0) return go();
      const timer = delay === Infinity ? undefined : setTimeout(go, delay);
      options?.abortSignal?.addEventListener('abort', () => {
        clearTimeout(timer);
        if (read.real === undefined) reject(Object.assign(new Error('aborted'), { name: 'AbortError' }));
      });
    }).then(
      (value) => end('answered') && value,
      (error: Error) => Promise.reject(end(error.name) && error),
    );
  }) as never);

  /** Until the real reads under way are answered and what follows them is sent. */
  const settled = async (): Promise<void> => {
    for (let count = -1; count !== reads.length; ) {
      count = reads.length;
      await Promise.allSettled(reads.map((read) => read.real));
      await aTurn();
    }
  };

  return {
    reads,
    /** Resolves once the first command is sent. */
    firstSent: first.promise,
    /** Calls, and returns once the first reads are sent and the real ones among them answered. */
    async calling<T>(call: () => Promise<T>): Promise<Answering<T>> {
      const answer = answering(call);
      await first.promise;
      await settled();
      return answer;
    },
    /** Moves the test's clock `ms` on, in steps, letting the real reads each step starts finish before the next. */
    async advance(ms: number): Promise<void> {
      for (let moved = 0; moved < ms; moved += STEP_MS) {
        await jest.advanceTimersByTimeAsync(Math.min(STEP_MS, ms - moved));
        await settled();
      }
    },
  };
}
