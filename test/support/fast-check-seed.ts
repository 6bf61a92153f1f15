/** Every property draws from FC_SEED (jest `setupFiles`; jest.config.cjs picks it, the summary prints it): a failure replays with it. */
import fc from 'fast-check';

const seed = Number(process.env.FC_SEED);
if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be a whole number: ${process.env.FC_SEED}`);
fc.configureGlobal({ seed });
