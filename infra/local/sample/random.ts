/** The sample's random draws: sfc32, seeded through splitmix32, the same on every platform, and its distributions. */
export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let state = seed >>> 0;
    const splitmix = () => {
      state = (state + 0x9e3779b9) | 0;
      let z = state;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    [this.a, this.b, this.c, this.d] = [splitmix(), splitmix(), splitmix(), splitmix()];
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** In [0, 1). */
  float(): number {
    return this.u32() / 2 ** 32;
  }

  /** In [0, n). */
  int(n: number): number {
    return Math.floor(this.float() * n);
  }

  /** In [low, high]. */
  between(low: number, high: number): number {
    return low + this.int(high - low + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  exponential(mean: number): number {
    return -mean * Math.log(1 - this.float());
  }

  /** Pareto with minimum 1: P(X > x) = x^-alpha. */
  pareto(alpha: number): number {
    return (1 - this.float()) ** (-1 / alpha);
  }

  poisson(mean: number): number {
    const limit = Math.exp(-mean);
    let k = 0;
    for (let p = this.float(); p > limit; p *= this.float()) k++;
    return k;
  }
}

/** Picks index i of n with weight 1 / (i + 1)^s: a few very active users, many occasional ones. */
export class Zipf {
  private readonly cumulative: number[] = [];

  constructor(n: number, s: number) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      sum += 1 / (i + 1) ** s;
      this.cumulative.push(sum);
    }
  }

  sample(random: Random): number {
    const target = random.float() * this.cumulative[this.cumulative.length - 1]!;
    let [low, high] = [0, this.cumulative.length - 1];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (this.cumulative[middle]! > target) high = middle;
      else low = middle + 1;
    }
    return low;
  }
}
