/** `npm start`'s own settings, each checked, and the one line it says when it cannot start with them. */
import { tryPort } from '../dynamodb/local';

/** Why `npm start` cannot start, in one line that says what to change. */
export class StartError extends Error {
  override readonly name = 'StartError';
}

/** The port `variable` sets, else `fallback`. 0 is any free port. */
export function port(variable: string, fallback: number): number {
  const text = process.env[variable];
  if (!text) return fallback;
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65_535) {
    throw new StartError(`${variable} must be a port number from 0 to 65535, not ${JSON.stringify(text)}`);
  }
  return Number(text);
}

/** LOCAL_LOG_FORMAT: `short` (one line a request, the default) or `json` (every line as Lambda writes it). */
export function logFormat(): 'short' | 'json' {
  const text = process.env.LOCAL_LOG_FORMAT || 'short';
  if (text !== 'short' && text !== 'json') throw new StartError(`LOCAL_LOG_FORMAT must be short or json, not ${JSON.stringify(text)}`);
  return text;
}

/** LOCAL_PARTITION_WRITES: the writes a second one partition key takes, DynamoDB's limit modelled (docs/local.md); unset, none. */
export function partitionWrites(): number | undefined {
  const text = process.env.LOCAL_PARTITION_WRITES;
  if (!text) return undefined;
  if (!/^[1-9]\d{0,8}$/.test(text)) {
    throw new StartError(
      `LOCAL_PARTITION_WRITES must be a positive whole number (writes a second to one partition key), not ${JSON.stringify(text)}`,
    );
  }
  return Number(text);
}

/** The first port above `taken` that is free on loopback now and none of `avoid`. */
async function freePortAbove(taken: number, avoid: readonly number[]): Promise<number | undefined> {
  for (let candidate = taken + 1; candidate <= Math.min(taken + 100, 65_535); candidate++)
    if (!avoid.includes(candidate) && (await tryPort(candidate)) !== undefined) return candidate;
  return undefined;
}

/** `listen()`, whose port in use becomes a StartError naming `variable`, with a free port, none of `avoid`, to try. */
export async function listenOn<T>(variable: string, port: number, avoid: readonly number[], listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const free = await freePortAbove(port, avoid);
    const example = free === undefined ? '' : `, e.g. ${variable}=${free} npm start`;
    throw new StartError(`127.0.0.1:${port} is in use by another program: set ${variable} to a free port${example}`);
  }
}
