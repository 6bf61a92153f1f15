/** A client address no other request of the run used (creations are rate-limited per address): IPv6 in 2001:db8::/32. */
import { randomInt } from 'node:crypto';

const processGroup = randomInt(0, 0x10000).toString(16);
let next = 0;
export const freshAddress = (): string => `2001:db8:${processGroup}::${(++next).toString(16)}`;
