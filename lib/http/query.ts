import type { ApiEvent } from './context';

/**
 * Query arguments by name. Read from the raw query string, because API Gateway joins the values
 * of a repeated argument with commas in `queryStringParameters`; the first value is used.
 */
export function queryArguments(event: ApiEvent): Map<string, string> {
  const parsed = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(event.rawQueryString ?? '')) {
    if (!parsed.has(name)) parsed.set(name, value);
  }
  return parsed;
}
