/**
 * The short form of the functions' log lines that `npm start` shows (infra/local/log-lines.ts),
 * from entries as Powertools writes them, and what it leaves as it is.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { shortenFunctionLogs, shortLine } from '../../infra/local/log-lines';

const TIMESTAMP = '2026-03-01T14:03:07.123Z';
const time = new Date(TIMESTAMP).toLocaleTimeString('en-GB', { hour12: false });

// Powertools' own fields, the invocation's, then the request line's.
const powertools = { level: 'INFO', message: 'request', timestamp: TIMESTAMP, service: 'social-news-read-api', cold_start: true };
const invocation = { function_name: 'ContainerFunction', function_request_id: 'c6af9ac6-7b61-11e6-9a41-93e812345678' };
const request = { route: 'GET /container/{short_name}', type: 'json', app_key: 'http://my.app/', api_request_id: 'JZ2zQjxEIAMEJ8w=' };
const requestEntry = { ...powertools, ...invocation, ...request, status: 200, duration_ms: 3.125 };

/** How a line of `event` begins. */
const asked = `${time} GET /container/technology`;
const event = { rawPath: '/container/technology', requestContext: { http: { method: 'GET' } } } as APIGatewayProxyEventV2;

describe('shortLine', () => {
  test('a request line: time, method and path, status, type, duration, function, cold start', () => {
    expect(shortLine(requestEntry, event)).toBe(`${asked} 200 json 3.1 ms ContainerFunction cold start`);
  });

  test('a warm request of the short-link host, which has no type', () => {
    const entry = { ...requestEntry, cold_start: false, function_name: 'RedirectFunction', type: undefined, code: 'Abc1234', status: 301 };
    const redirect = { rawPath: '/Abc1234', requestContext: { http: { method: 'HEAD' } } } as APIGatewayProxyEventV2;
    expect(shortLine(entry, redirect)).toBe(`${time} HEAD /Abc1234 301 3.1 ms RedirectFunction`);
  });

  test('an answer of a retired or browned-out group says which and why', () => {
    const entry = { ...requestEntry, status: 410, retired: { group: 'gallery', why: 'brownout' } };
    expect(shortLine(entry, event)).toBe(`${asked} 410 json (gallery brownout) 3.1 ms ContainerFunction cold start`);
    const redirect = { ...requestEntry, type: undefined, function_name: 'RedirectFunction' };
    const link = { ...redirect, status: 410, retired: { group: 'links', why: 'sunset' } };
    expect(shortLine(link, event)).toBe(`${asked} 410 (links sunset) 3.1 ms RedirectFunction cold start`);
  });

  test('the route key when the request is not known', () => {
    expect(shortLine(requestEntry)).toBe(`${time} GET /container/{short_name} 200 json 3.1 ms ContainerFunction cold start`);
  });

  test('an error: its level, function and message, then its stack, indented', () => {
    const error = { name: 'TypeError', message: 'boom', stack: 'TypeError: boom\n    at f (a.ts:1:1)' };
    const entry = { level: 'ERROR', message: 'unexpected error, answered as error 500', function_name: 'ErrorsFunction' };
    expect(shortLine({ ...entry, timestamp: TIMESTAMP, error })).toBe(
      `${time} ERROR ErrorsFunction unexpected error, answered as error 500\n    TypeError: boom\n        at f (a.ts:1:1)`,
    );
  });

  test('nothing for an EMF document', () => {
    expect(shortLine({ _aws: { Timestamp: 1, CloudWatchMetrics: [] }, Requests: 1 })).toBeUndefined();
  });
});

describe('shortenFunctionLogs', () => {
  /** A stream that keeps what is written to it, its writes shortened by `eventOf`. */
  function shortened(eventOf: (id: string) => APIGatewayProxyEventV2 | undefined) {
    const written: unknown[] = [];
    const stream = { write: (chunk: unknown) => written.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
    shortenFunctionLogs(eventOf, [stream]);
    return { stream, written };
  }

  test('writes the short form of each Powertools line, nothing of an EMF line, and anything else as it is', () => {
    const { stream, written } = shortened((id) => (id === requestEntry.function_request_id ? event : undefined));
    const others = ['Social news read API listening at http://127.0.0.1:3000\n', '{"not":"a log entry"}\n', '{broken\n', 'Writing: 5/9\r'];
    stream.write(`${JSON.stringify(requestEntry)}\n`);
    stream.write(`${JSON.stringify({ _aws: { Timestamp: 1 }, service: 'x', Requests: 1 })}\n`);
    for (const text of others) stream.write(text);
    const bytes = Buffer.from('{"level":"INFO","message":"m"}\n');
    stream.write(bytes);
    expect(written).toEqual([`${shortLine(requestEntry, event)}\n`, '', ...others, bytes]);
  });

  test('reads an entry POWERTOOLS_DEV writes indented', () => {
    const { stream, written } = shortened(() => undefined);
    stream.write(`${JSON.stringify(requestEntry, null, 4)}\n`);
    expect(written).toEqual([`${shortLine(requestEntry)}\n`]);
  });
});
