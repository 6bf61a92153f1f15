/** How load and scale run: bounded in time, undoing what they started however they end, one verdict line last. */

/** What a run leaves to undo; `main` pushes each step as it starts something. */
export type Undo = Array<() => Promise<unknown>>;

export function wholeNumberOption(name: string, fallback: number, min: number, max: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`--${name} takes a whole number from ${min} to ${max}`);
  return value;
}

/** `usage` is printed, and nothing run, for `--help`. */
export async function boundedRun(run: string, limitMs: number, usage: string, main: (undo: Undo) => Promise<boolean>): Promise<void> {
  if (process.argv.includes('--help')) return console.log(usage);
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
