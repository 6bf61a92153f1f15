/**
 * The arithmetic of the bill, and nothing else: how AWS rounds and scales what a request uses
 * into dollars. Prices come from prices.json, what a request uses from ../cost/measurements.ts.
 */
import priceTable from './prices.json';

export interface Price {
  readonly usd: number;
  readonly per: string;
  readonly what: string;
  readonly asOf: string;
  readonly source: string;
  /** Tiers by monthly volume, in millions: the first `upToMillions` at its price, and so on; the last has no bound. */
  readonly tiers?: ReadonlyArray<{ readonly upToMillions?: number; readonly usd: number }>;
  readonly freePerAccount?: number;
}

type PriceName = keyof typeof priceTable.prices;
export const PRICES: Readonly<Record<PriceName, Price>> = priceTable.prices;
export const PRICES_AS_OF: string = priceTable.asOf;
export const PRICES_REGION: string = priceTable.region;

/** Bytes in the GB that AWS bills by (2^30). */
export const GB = 1024 ** 3;
/** An average month, in days: retention in days over this is the months a byte is stored. */
const DAYS_PER_MONTH = 365.25 / 12;

/** Lambda bills a duration rounded up to the next whole millisecond, never less than 1 ms. */
export function billedMs(ns: number): number {
  return Math.max(1, Math.ceil(ns / 1e6));
}

/** GB-seconds of one invocation billed `ms` at `memoryMb` (Lambda's GB is 1024 MB). */
export function gbSeconds(ms: number, memoryMb: number): number {
  return (ms / 1000) * (memoryMb / 1024);
}

/** The Lambda duration of a million invocations of `ns` each at `memoryMb`, in dollars. */
export function lambdaDurationPerMillion(ns: number, memoryMb: number): number {
  return gbSeconds(billedMs(ns), memoryMb) * PRICES.lambdaArmGbSecond.usd * 1e6;
}

/** The price of `millions` of something priced per million in tiers (the first tier's volume first). */
export function tiered(millions: number, price: Price): number {
  const tiers = price.tiers ?? [{ usd: price.usd }];
  let left = millions;
  let usd = 0;
  let floor = 0;
  for (const tier of tiers) {
    const inTier = tier.upToMillions === undefined ? left : Math.min(left, tier.upToMillions - floor);
    usd += inTier * tier.usd;
    left -= inTier;
    floor = tier.upToMillions ?? floor;
    if (left <= 0) break;
  }
  return usd;
}

/** Dollars for `bytes` of logs per request, over a million requests, ingested and then kept `retentionDays`. */
export function logsPerMillion(bytes: number, retentionDays: number): { ingestion: number; storage: number } {
  const gigabytes = (bytes * 1e6) / GB;
  return {
    ingestion: gigabytes * PRICES.logIngestion.usd,
    // Stored uncompressed here, an upper bound: CloudWatch bills the compressed bytes.
    storage: gigabytes * (retentionDays / DAYS_PER_MONTH) * PRICES.logStorage.usd,
  };
}
