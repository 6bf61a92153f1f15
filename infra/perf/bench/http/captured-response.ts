/**
 * One HTTP answer as it came over the wire, to be served again byte for byte: its status, its
 * raw header lines in their order and spelling, and its body. The headers that node:http writes
 * itself on every answer (Date, Connection, Keep-Alive) are left out: the server that replays it
 * writes its own, as the stack's does.
 */
import { get } from 'node:http';
import { buffer } from 'node:stream/consumers';

export interface CapturedResponse {
  readonly status: number;
  /** Raw header names and values, alternating, as `writeHead` takes them. */
  readonly headers: readonly string[];
  /** The body, base64: the answer crosses to the replaying child as JSON over IPC. */
  readonly body: string;
}

/** Written by node:http on every answer: not part of what is replayed. */
const SERVER_WRITTEN = new Set(['date', 'connection', 'keep-alive']);

/** Raw header pairs less those node:http writes itself. */
export function replayedHeaders(rawHeaders: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!SERVER_WRITTEN.has(rawHeaders[i]!.toLowerCase())) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}

/** Status, raw headers and body of one response, read with node:http (fetch would merge and re-case the headers). */
export function fetchRaw(url: string): Promise<{ status: number; rawHeaders: string[]; body: Buffer }> {
  return new Promise((resolveResponse, reject) => {
    get(url, (response) => {
      buffer(response).then((body) => resolveResponse({ status: response.statusCode!, rawHeaders: response.rawHeaders, body }), reject);
    }).once('error', reject);
  });
}

export async function captureResponse(url: string): Promise<CapturedResponse> {
  const { status, rawHeaders, body } = await fetchRaw(url);
  return { status, headers: replayedHeaders(rawHeaders), body: body.toString('base64') };
}
