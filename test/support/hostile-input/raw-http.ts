/** Raw bytes over node:net to the local server (`npm start`): it gets anything a client sends, and Node's parser answers some first. */
import { maxHeaderSize, METHODS } from 'node:http';
import { connect } from 'node:net';
import type { LocalServer } from '../../../infra/local/server';
import type { Invocation } from '../invoke';
import { withTarget } from './check';
import { targetOf, type WireRequest } from './requests';
import { controlText, hex, hostileWire, weighted, words } from './strings';

/** The authority an absolute-form target names (RFC 9112, 3.2.2: the server takes its path). */
export const ABSOLUTE_AUTHORITY = 'api.hostile.test:8080';
/** What came back on a connection: the status, the headers (names in lower case), the body. */
type HttpAnswer = Readonly<{ status: number; headers: Readonly<Record<string, string>>; body: Buffer }>;

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
      for (const [, name = '', value = ''] of lines.map((line) => /^([^:]*):(.*)$/s.exec(line) ?? [])) {
        const key = name.toLowerCase();
        headers[key] = key in headers ? `${headers[key]}, ${value.trim()}` : value.trim();
      }
      resolve({ status: Number(status[1]), headers, body: received.subarray(end + 4) });
    });
    socket.write(bytes);
  });
}

/** The request line and headers of `request` as a client sends them: raw, in UTF-8. */
export function headOf(request: WireRequest): Buffer {
  const { method, host, accept, absoluteForm } = request;
  const target = `${absoluteForm ? `http://${ABSOLUTE_AUTHORITY}` : ''}${targetOf(request)}`;
  const lines = [`${method} ${target} HTTP/1.1`, `Host: ${host ?? '127.0.0.1'}`, ...(accept === undefined ? [] : [`Accept: ${accept}`])];
  return Buffer.from(`${lines.join('\r\n')}\r\nConnection: close\r\n\r\n`, 'utf8');
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

/** Heads this close to Node's limit may go either way (it counts the head its own way): the properties leave them out. */
export const nearTheLimit = (request: WireRequest): boolean => Math.abs(headOf(request).length - maxHeaderSize) < 1_024;

/**
 * Sends `request` raw. Node's parser answers some itself, the status alone and nothing of the server's code (returned
 * as `refused`): 431 for a head past its limit, 400 for a method it does not know (case-sensitive), a target byte not
 * visible ASCII, a control but tab in a header. Else the server's answer.
 */
export async function sendRaw(server: LocalServer, request: WireRequest): Promise<{ refused: number } | { served: Invocation }> {
  const head = headOf(request);
  const answer = await exchange(server, head);
  const malformed =
    !METHODS.includes(request.method) ||
    /[^\x21-\x7e]/.test(targetOf(request)) ||
    [request.host ?? '', request.accept ?? ''].some((value) => /[\x00-\x08\x0a-\x1f\x7f]/.test(value));
  const verdicts = [...(malformed ? [400] : []), ...(head.length >= maxHeaderSize ? [431] : [])];
  if (verdicts.length === 0) return { served: servedAnswer(answer, request.method) };
  withTarget(request, () => {
    if (answer === undefined) throw new Error('closed without an answer');
    if (!verdicts.includes(answer.status)) throw new Error(`${answer.status}, not Node's ${verdicts.join(' or ')}`);
    expect([answer.headers['content-type'], answer.body.length]).toEqual([undefined, 0]);
  });
  return { refused: answer!.status };
}

/**
 * An answer from the server's code as invoke() reports one: Content-Length right (for HEAD, of the body not sent),
 * the body UTF-8, the connection closed as asked; the headers HTTP adds (Date, Connection, Content-Length) left out.
 */
export function servedAnswer(answer: HttpAnswer | undefined, method: string): Invocation {
  if (answer === undefined) throw new Error('closed without an answer');
  const { date, connection, 'content-length': length, ...headers } = answer.headers;
  expect([date?.endsWith(' GMT'), connection]).toEqual([true, 'close']);
  if (method === 'HEAD') expect([answer.body.length, /^[0-9]+$/.test(length ?? '')]).toEqual([0, true]);
  else expect(Number(length)).toBe(answer.body.length);
  const body = answer.body.toString('utf8');
  expect(Buffer.from(body, 'utf8').equals(answer.body)).toBe(true);
  return { statusCode: answer.status, headers, body };
}

/** Methods as a client may send them over HTTP: the ones Node knows, and ones it refuses. */
export const httpMethodWire = weighted(
  [10, ['GET']],
  [3, words('HEAD POST PUT DELETE OPTIONS PATCH TRACE QUERY PROPFIND')],
  [1, ['get', 'Get', 'FOO', 'G ET', '', 'GET\u0000']],
);
const HOSTS = words(`evil.test api.test:99999 <script>alert(1)</script> 127.0.0.1:3001 ${'h'.repeat(300)}.test [::1] xn--bcher-kva.test`);
/** Host headers: absent (the server's address), empty, wrong, markup, controls, long. */
export const hostWire = weighted<string | undefined>([4, [undefined]], [2, ['', 'a b', ...HOSTS]], [1, hostileWire], [1, controlText]);
