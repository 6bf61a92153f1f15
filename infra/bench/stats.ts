/** Order statistics of timing samples. */
export interface Summary {
  readonly n: number;
  readonly min: number;
  readonly median: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
}

/** Nearest-rank percentile of sorted samples. */
const rank = (sorted: Float64Array, p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

export function summarise(samples: ArrayLike<number>): Summary {
  const sorted = Float64Array.from(samples).sort();
  if (sorted.length === 0) throw new Error('no samples');
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { n: sorted.length, min: sorted[0]!, median, p90: rank(sorted, 90), p99: rank(sorted, 99), max: sorted[sorted.length - 1]! };
}
