/**
 * A client address no other request of the run has used: creations are rate-limited per address
 * (docs/api.md, Short URLs: Rate limit), and tests about something else must not meet the limit
 * whatever other test files create at the same time. IPv6 in the documentation prefix
 * 2001:db8::/32, with a group drawn for this process.
 */
import { randomInt } from 'node:crypto';

const processGroup = randomInt(0, 0x10000).toString(16);
let next = 0;

export const freshAddress = (): string => `2001:db8:${processGroup}::${(++next).toString(16)}`;
