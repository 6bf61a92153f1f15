/**
 * What `npm start` shows of its functions' JSON logs: one short line each, EMF lines not at all,
 * made from what they wrote, so that the functions stay as they run on Lambda.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

type Entry = Readonly<Record<string, unknown>>;

/** The time of a log entry, on this machine's clock: 14:03:07. */
const clock = (timestamp: unknown): string => new Date(typeof timestamp === 'string' ? timestamp : Date.now()).toTimeString().slice(0, 8);

/**
 * The short form of one Powertools entry (docs/local.md, What it prints), undefined for an EMF
 * document; any entry but the request line: time, level, function and message, an error's stack.
 */
export function shortLine(entry: Entry, event?: APIGatewayProxyEventV2): string | undefined {
  if ('_aws' in entry) return undefined;
  const time = clock(entry.timestamp);
  const fn = String(entry.function_name ?? entry.service ?? '');
  if (entry.message === 'request') {
    const request = event ? `${event.requestContext.http.method} ${event.rawPath}` : String(entry.route);
    const type = typeof entry.type === 'string' ? ` ${entry.type}` : '';
    const retired = entry.retired as { group?: unknown; why?: unknown } | undefined;
    const why = retired === undefined ? '' : ` (${String(retired.group)} ${String(retired.why)})`;
    const duration = typeof entry.duration_ms === 'number' ? ` ${entry.duration_ms.toFixed(1)} ms` : '';
    return `${time} ${request} ${entry.status}${type}${why}${duration} ${fn}${entry.cold_start === true ? ' cold start' : ''}`;
  }
  const stack = (entry.error as { stack?: unknown } | undefined)?.stack;
  const detail = typeof stack === 'string' ? `\n${stack.replace(/^/gm, '    ')}` : '';
  return `${time} ${entry.level} ${fn} ${entry.message}${detail}`;
}

/** The line to write instead of `text`: its short form when it is a Powertools JSON entry, else itself. */
function shortened(text: string, eventOf: (requestId: string) => APIGatewayProxyEventV2 | undefined): string {
  // Powertools writes each entry in one write, ending in a newline (indented when POWERTOOLS_DEV is set).
  if (!text.startsWith('{') || !text.endsWith('}\n')) return text;
  let entry: unknown;
  try {
    entry = JSON.parse(text);
  } catch {
    return text;
  }
  if (typeof entry !== 'object' || entry === null || !('_aws' in entry || ('level' in entry && 'message' in entry))) return text;
  const requestId = (entry as Entry).function_request_id;
  const line = shortLine(entry as Entry, typeof requestId === 'string' ? eventOf(requestId) : undefined);
  return line === undefined ? '' : `${line}\n`;
}

/** From now on, Powertools' JSON written to `streams` is written short; `eventOf` gives an invocation's request. */
export function shortenFunctionLogs(
  eventOf: (requestId: string) => APIGatewayProxyEventV2 | undefined,
  streams: readonly NodeJS.WriteStream[] = [process.stdout, process.stderr],
): void {
  for (const stream of streams) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) =>
      write(typeof chunk === 'string' ? shortened(chunk, eventOf) : chunk, ...rest)) as typeof stream.write;
  }
}
