/** Timing: samples taken one call at a time, their median, and the middle half's mean. */

export function median(samples: ArrayLike<number>): number {
  const sorted = Float64Array.from(samples).sort();
  if (sorted.length === 0) throw new Error('no samples');
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * The mean of the middle half of the samples (the quarter above and the quarter below left out).
 * For timings that come in steps, as a cold start in a CPU cgroup does (../cold-start/cpu-cgroup.ts),
 * it follows the work where a median jumps a whole step, and like a median it ignores the runs
 * that other processes of a shared machine slowed down.
 */
export function middleMean(samples: ArrayLike<number>): number {
  const sorted = Float64Array.from(samples).sort();
  if (sorted.length === 0) throw new Error('no samples');
  const quarter = sorted.length >> 2;
  const middle = sorted.subarray(quarter, sorted.length - quarter);
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
}

/** `count` calls of `call`, awaited one after the other, each timed on its own (hrtime.bigint, ns). */
export async function timeEach(count: number, call: () => Promise<unknown>): Promise<Float64Array> {
  const samples = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    const t0 = process.hrtime.bigint();
    await call();
    samples[i] = Number(process.hrtime.bigint() - t0);
  }
  return samples;
}
