/**
 * Over HTTP: the local server that `npm start` runs, sent raw bytes with node:net. It gets whatever a client sends
 * (API Gateway passes on only what it parsed), and Node's parser answers some of it before the server's code.
 */
import { maxHeaderSize, METHODS } from 'node:http';
import { connect } from 'node:net';
import fc from 'fast-check';
import type { LocalServer } from '../../../infra/local/server';
import type { Invocation } from '../invoke';
import { targetOf, type WireRequest } from './requests';
import { controlText, hex, hostileWire, words } from './strings';

/** The authority an absolute-form target names (RFC 9112, 3.2.2: the server takes its path). */
export const ABSOLUTE_AUTHORITY = 'api.hostile.test:8080';

/** What came back on a connection: the status, the headers (names in lower case), the body. */
export type HttpAnswer = Readonly<{ status: number; headers: Readonly<Record<string, string>>; body: Buffer }>;

/**
 * Sends `bytes` on a connection of its own and reads until the server closes it: undefined when it closed without
 * answering, an error after 10 s (a hang). Our side stays open: Node drops requests whose client ended its side.
 */
export function exchange(server: LocalServer, bytes: Buffer): Promise<HttpAnswer | undefined> {
  return new Promise((resolve, reject) => {
    // All from 127.0.0.1: the HTTP properties create no short URL, so no rate limit meets them.
    const socket = connect({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
    const chunks: Buffer[] = [];
    let failure: Error | undefined;
    socket.setTimeout(10_000, () => {
      socket.destroy();
      reject(new Error('no answer within 10 s'));
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // Node answers a head it refuses at once and closes, maybe before all of it was written.
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => {
      const received = Buffer.concat(chunks);
      if (received.length === 0) return failure ? reject(failure) : resolve(undefined);
      const end = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received.subarray(0, Math.max(0, end)).toString('latin1').split('\r\n');
      const status = /^HTTP\/1\.1 ([0-9]{3}) /.exec(statusLine);
      if (end === -1 || !status)
        return reject(new Error(`not an HTTP answer: ${JSON.stringify(received.toString('latin1').slice(0, 200))}`));
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        const name = line.slice(0, colon).toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
      }
      resolve({ status: Number(status[1]), headers, body: received.subarray(end + 4) });
    });
    socket.write(bytes);
  });
}

/** The request line and headers of `request` as a client sends them: raw, in UTF-8. */
export function headOf(request: WireRequest): Buffer {
  const target = request.absoluteForm ? `http://${ABSOLUTE_AUTHORITY}${targetOf(request)}` : targetOf(request);
  const lines = [`${request.method} ${target} HTTP/1.1`, `Host: ${request.host ?? '127.0.0.1'}`];
  if (request.accept !== undefined) lines.push(`Accept: ${request.accept}`);
  lines.push('Connection: close');
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'utf8');
}

/**
 * The request as sent for the server to get the one the oracle reads: CR and LF (request splitting has a test of its
 * own) percent-encoded in the target, a control Node refuses in a header; spaces ending the target encoded.
 */
export function asSent(request: WireRequest): WireRequest {
  const unsplit = (text: string) => text.replace(/[\r\n]/g, (c) => hex(c.charCodeAt(0)));
  const unpadded = (text: string) => text.replace(/ +$/, (spaces) => '%20'.repeat(spaces.length));
  const header = (text: string | undefined) => text?.replace(/[\r\n]/g, '\u0001');
  const last = request.query.length - 1;
  return {
    ...request,
    path: last < 0 ? unpadded(unsplit(request.path)) : unsplit(request.path),
    query: request.query.map((arg, i) => (i === last ? unpadded(unsplit(arg)) : unsplit(arg))),
    ...(request.accept === undefined ? {} : { accept: header(request.accept) }),
    ...(request.host === undefined ? {} : { host: header(request.host) }),
  };
}

/**
 * What Node's parser answers itself, or undefined when it passes the request on: 431 for a head past its limit, 400
 * for a method it does not know (case-sensitive), a target byte not visible ASCII, a control but tab in a header.
 */
export function parserVerdicts(method: string, target: string, headerValues: readonly string[], head: Buffer): number[] | undefined {
  const malformed =
    !METHODS.includes(method) || /[^\x21-\x7e]/.test(target) || headerValues.some((value) => /[\x00-\x08\x0a-\x1f\x7f]/.test(value));
  const tooLong = head.length >= maxHeaderSize;
  if (malformed && tooLong) return [400, 431];
  if (tooLong) return [431];
  return malformed ? [400] : undefined;
}

/** Heads this close to Node's limit may go either way (it counts the head its own way): the properties leave them out. */
export const nearTheLimit = (head: Buffer): boolean => Math.abs(head.length - maxHeaderSize) < 1_024;

/** Node's own refusal: the status alone, nothing from the server's code. */
export function expectParserAnswer(answer: HttpAnswer | undefined, verdicts: readonly number[]): void {
  if (answer === undefined) throw new Error('closed without an answer');
  if (!verdicts.includes(answer.status)) throw new Error(`${answer.status}, not Node's ${verdicts.join(' or ')}`);
  expect(answer.headers['content-type']).toBeUndefined();
  expect(answer.body.length).toBe(0);
}

/**
 * An answer from the server's code as invoke() reports one: Content-Length right (for HEAD, of the body not sent),
 * the body UTF-8, the connection closed as asked; the headers HTTP adds (Date, Connection, Content-Length) left out.
 */
export function servedAnswer(answer: HttpAnswer | undefined, method: string): Invocation {
  if (answer === undefined) throw new Error('closed without an answer');
  const { date, connection, 'content-length': length, ...headers } = answer.headers;
  expect(date).toMatch(/ GMT$/);
  expect(connection).toBe('close');
  if (method === 'HEAD') {
    expect(answer.body.length).toBe(0);
    expect(length).toMatch(/^[0-9]+$/);
  } else {
    expect(Number(length)).toBe(answer.body.length);
  }
  const body = answer.body.toString('utf8');
  expect(Buffer.from(body, 'utf8').equals(answer.body)).toBe(true);
  return { statusCode: answer.status, headers, body };
}

/** Methods as a client may send them over HTTP: the ones Node knows, and ones it refuses. */
export const httpMethodWire = fc.oneof(
  { weight: 10, arbitrary: fc.constant('GET') },
  { weight: 3, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'QUERY', 'PROPFIND') },
  { weight: 1, arbitrary: fc.constantFrom('get', 'Get', 'FOO', 'G ET', '', 'GET\u0000') },
);

/** Host headers: absent (the server's address), empty, wrong, markup, controls, long. */
export const hostWire = fc.oneof(
  { weight: 4, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      'a b',
      ...words(`evil.test api.test:99999 <script>alert(1)</script> 127.0.0.1:3001 ${'h'.repeat(300)}.test [::1] xn--bcher-kva.test`),
    ),
  },
  { weight: 1, arbitrary: hostileWire },
  { weight: 1, arbitrary: controlText },
);
