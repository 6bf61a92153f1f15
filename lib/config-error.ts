/** What a refused setting is told with: ConfigError, and the value it quotes. */
/** How much of a value a message repeats: enough to find it, not a long or hostile value whole. */
const QUOTED_LENGTH = 100;

/** A value as a message quotes it: JSON, cut to its first 100 characters (then followed by …). */
export const quoted = (text: string): string =>
  text.length <= QUOTED_LENGTH ? JSON.stringify(text) : `${JSON.stringify(text.slice(0, QUOTED_LENGTH))}…`;

/** A setting a function cannot start with: the container stops, its log naming the setting (./config.ts). */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
