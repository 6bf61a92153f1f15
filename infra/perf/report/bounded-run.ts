/**
 * How load and scale run: bounded in time, and however they end (a failed check, an error, the
 * time limit, Ctrl-C) they undo what they started, latest first, and end with one verdict line.
 */

/** What a run leaves to undo, latest first; `main` pushes each step as it starts something. */
export type Undo = Array<() => Promise<unknown>>;

export async function boundedRun(run: string, limitMs: number, main: (undo: Undo) => Promise<boolean>): Promise<void> {
  const undo: Undo = [];
  const cleanUp = async () => {
    for (const step of undo.splice(0).reverse()) await step().catch(() => undefined);
  };
  const abandon = async (why: string, exitCode: number) => {
    console.log(`${run} FAILED: ${why}`);
    await cleanUp();
    process.exit(exitCode);
  };
  const watchdog = setTimeout(() => void abandon(`not finished within ${limitMs / 60_000} minutes`, 1), limitMs);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void abandon(`stopped by ${signal}`, 130));
  try {
    process.exitCode = (await main(undo)) ? 0 : 1;
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : String(error), (error as Error).cause ?? '');
    console.log(`${run} FAILED: the run did not complete`);
    process.exitCode = 1;
  } finally {
    clearTimeout(watchdog);
    await cleanUp();
  }
}
