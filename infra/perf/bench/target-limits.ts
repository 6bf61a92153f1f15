/**
 * The limits the bench's figures are held to: read by the sections that print them beside their
 * figures and by ./targets.ts, which checks them all at the end.
 */
export const TARGETS = {
  /** Static functions' bundles, raw bytes. */
  staticBundleBytes: 60 * 1024,
  /** Static functions' cold start (import and first XML answer) at TARGET_MB, at most this many times the bare handler's. */
  staticColdPerBare: 4,
  /** Median warm latency of these functions, in every type. */
  warmUs: 50,
  warmFunctions: ['ErrorsFunction', 'ContainersFunction'],
  /** The redirect's median latency, at most this many bare UpdateItem round trips. */
  redirectPerUpdateItem: 1.5,
  /** The DynamoDB functions' bundle size and import at TARGET_MB, at most this many times the doc-client-only bundle's. */
  perDocClientOnly: 1.1,
};
