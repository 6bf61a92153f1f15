/**
 * The bench's Lambda model (infra/perf/bench/cpu-cgroup.ts, memory-sizes.ts): the CPU share a memory
 * size gets, and the rule that picks each function's MemorySize from the measured cold starts.
 */
import { cfsLimits } from '../../infra/perf/bench/cpu-cgroup';
import { chooseMemorySize } from '../../infra/perf/bench/memory-sizes';

describe('cfsLimits', () => {
  it('gives 256 MB 1 447 µs of a 10 ms period (0.145 of a CPU), as docs/performance.md says, 1 769 MB one whole CPU and 1 024 MB 0.579 of one', () => {
    expect(cfsLimits(256)).toEqual({ periodUs: 10_000, quotaUs: 1_447 });
    expect(cfsLimits(1_769)).toEqual({ periodUs: 10_000, quotaUs: 10_000 });
    expect(cfsLimits(1_024)).toEqual({ periodUs: 10_000, quotaUs: 5_789 });
  });

  it("below 177 MB keeps the kernel's 1 ms minimum quota and lengthens the period to keep the share", () => {
    const { periodUs, quotaUs } = cfsLimits(128);
    expect([quotaUs, periodUs]).toEqual([1_000, 13_820]);
    expect(quotaUs / periodUs).toBeCloseTo(128 / 1_769, 4);
  });
});

describe('chooseMemorySize', () => {
  /** The sizes measured: [MB, price, cold start in ms] each. */
  const choose = (...entries: Array<[number, number, number]>) =>
    chooseMemorySize(new Map(entries.map(([mb, price, ms]) => [mb, { price, ns: ms * 1e6 }])));

  it('takes the cheapest size, or a faster one that costs at most 10 % more than it, never one that costs more', () => {
    // No other within 10 % of the cheapest's price.
    expect(choose([256, 6.43, 1_930], [512, 5.82, 872], [1_024, 5.3, 398], [1_769, 6.5, 280])).toBe(1_024);
    // A faster one within 10 %, then one 13 % over.
    expect(choose([256, 1.67, 500], [512, 1.34, 201], [1_024, 1.47, 114])).toBe(1_024);
    expect(choose([256, 1.67, 500], [512, 1.34, 201], [1_024, 1.52, 114])).toBe(512);
  });
});
