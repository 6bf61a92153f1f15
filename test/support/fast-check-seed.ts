/**
 * Every property of a run draws from one seed (jest `setupFiles`): FC_SEED, which jest.config.cjs picks when it is not given and the
 * summary reporter prints, so that a failure is replayed by running again with the same FC_SEED (docs/testing.md, Replaying a property).
 */
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be a whole number: ${process.env.FC_SEED}`);
fc.configureGlobal({ seed });
