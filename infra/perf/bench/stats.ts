export function median(samples: ArrayLike<number>): number {
  const sorted = Float64Array.from(samples).sort();
  if (sorted.length === 0) throw new Error('no samples');
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The mean of the middle half: for timings in steps (a cold start in a cgroup) it follows the work where a median jumps a step. */
export function middleMean(samples: ArrayLike<number>): number {
  const sorted = Float64Array.from(samples).sort();
  if (sorted.length === 0) throw new Error('no samples');
  const quarter = sorted.length >> 2;
  const middle = sorted.subarray(quarter, sorted.length - quarter);
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
}
