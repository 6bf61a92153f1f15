/** The database on hold (./database-on-hold.ts), named for the tests that take it down or hang it. */
export { DatabaseOnHold as DatabaseGate } from './database-on-hold';
