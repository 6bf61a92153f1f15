/**
 * The limits the bench's figures are held to: read by the sections that print them beside their
 * figures and by ./targets.ts, which checks them all at the end. Cold start and bundle size are
 * held to the floors (../yardsticks/): what the libraries the design requires cost with no
 * project code, measured in the same run, so that a limit is one the design can meet and a
 * missed one is the project's own share growing. floorOf says which floor and which limits a
 * subject is held to.
 */
import type { Subject, Subjects } from '../setup/subjects';

/** The memory size the cold-start targets are checked at. */
export const TARGET_MB = 256;

export const TARGETS = {
  /** Static functions' cold start (import and first XML answer) at TARGET_MB, at most this many times StaticFloor's. */
  staticColdPerFloor: 1.5,
  /** DynamoDB functions' cold start at TARGET_MB, at most this many times DatabaseFloor's. */
  databaseColdPerFloor: 1.3,
  /** Static functions' bundles (raw bytes), at most this many times StaticFloor's. */
  staticBytesPerFloor: 1.4,
  /** DynamoDB functions' bundles (raw bytes), at most this many times DatabaseFloor's. */
  databaseBytesPerFloor: 1.3,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's median latency, at most this many bare UpdateItem round trips. */
  redirectPerUpdateItem: 1.5,
};

/**
 * A function's floor, and the limits its ratios to it are held to: the static floor for the
 * functions without DynamoDB, the DynamoDB floor for the others. The yardsticks have none.
 */
export function floorOf(
  { staticFloor, databaseFloor }: Subjects,
  fn: Subject,
): { readonly floor: Subject; readonly bytesLimit: number; readonly coldLimit: number } {
  if (fn.kind !== 'function') throw new Error(`${fn.id} is a yardstick: it has no floor`);
  return fn.database
    ? { floor: databaseFloor, bytesLimit: TARGETS.databaseBytesPerFloor, coldLimit: TARGETS.databaseColdPerFloor }
    : { floor: staticFloor, bytesLimit: TARGETS.staticBytesPerFloor, coldLimit: TARGETS.staticColdPerFloor };
}
