/** How much of a value a message repeats: enough to find it, not a long or hostile value whole. */
const QUOTED_LENGTH = 100;

/** A value as a message quotes it: JSON, cut to its first 100 characters (then followed by …). */
export const quoted = (text: string): string =>
  text.length <= QUOTED_LENGTH ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, QUOTED_LENGTH))}…`;
