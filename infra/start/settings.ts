/** `npm start`'s own settings, each checked, and the one line it says when it cannot start with them. */
import { tryPort } from '../dynamodb/local';

/** Why `npm start` cannot start, in one line that says what to change. */
export class StartError extends Error {
  override readonly name = 'StartError';
}

/** What `variable` sets, else `fallback`; a StartError saying what it must be unless `valid`. */
function setting<T>(variable: string, fallback: T, mustBe: string, valid: (text: string) => boolean): string | T {
  const text = process.env[variable];
  if (!text) return fallback;
  if (!valid(text)) throw new StartError(`${variable} must be ${mustBe}, not ${JSON.stringify(text)}`);
  return text;
}

/** The port `variable` sets, else `fallback`. 0 is any free port. */
export const port = (variable: string, fallback: number): number =>
  Number(setting(variable, fallback, 'a port number from 0 to 65535', (text) => /^\d{1,5}$/.test(text) && Number(text) <= 65_535));

/** LOCAL_LOG_FORMAT: `short` (one line a request, the default) or `json` (every line as Lambda writes it). */
export const logFormat = () =>
  setting('LOCAL_LOG_FORMAT', 'short', 'short or json', (text) => text === 'short' || text === 'json') as 'short' | 'json';

/** LOCAL_PARTITION_WRITES: the writes a second one partition key takes, DynamoDB's limit modelled (docs/local.md); unset, none. */
export function partitionWrites(): number | undefined {
  const what = 'a positive whole number (writes a second to one partition key)';
  const text = setting('LOCAL_PARTITION_WRITES', undefined, what, (text) => /^[1-9]\d{0,8}$/.test(text));
  return text === undefined ? undefined : Number(text);
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
