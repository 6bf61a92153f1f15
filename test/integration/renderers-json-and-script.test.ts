/**
 * The JSON and Javascript renderers and renderAlert (docs/api.md, Bodies), read by JSON.parse and
 * a JavaScript engine: lone surrogates, U+2028 and U+2029, dotted callbacks, alerted messages.
 */
import { renderAlert } from '../../lib/render';
import { ErrorShape, resource, ScriptErrorShape } from '../../lib/resources/shape';
import { EventsShape } from '../../lib/resources/gallery';
import { expectScriptCalls, type Rec } from '../support/render-checks';
import { CALLBACK, comment, events, renderBody } from '../support/render-samples';
import { runScript } from '../support/parsers';

describe('pitfall (g): JSON with lone surrogates stays valid, carrying U+FFFD as every type does', () => {
  test.each([
    ['\uD800', '\uFFFD'],
    ['a\uDC00b', 'a\uFFFDb'],
    ['x\uD83D', 'x\uFFFD'],
    ['😀\uD800😀', '😀\uFFFD😀'],
    ['\uDBFF\uDBFF', '\uFFFD\uFFFD'],
  ])('%j', (text, expected) => {
    const body = renderBody('json', resource(ErrorShape, { code: 1, message: text }), '');
    expect(body.isWellFormed()).toBe(true);
    expect(Buffer.from(body, 'utf8').toString('utf8')).toBe(body);
    expect(JSON.parse(body)).toEqual({ code: 1, message: expected });
  });
});

describe('pitfall (h): JSONP', () => {
  test('U+2028 and U+2029 are escaped in the body and arrive intact', () => {
    const message = 'line\u2028separator\u2029paragraph';
    const subject = resource(EventsShape, events([comment({ content: message, user: '\u2028' })]));
    const body = renderBody('javascript', subject, CALLBACK);
    expect(body).not.toMatch(/[\u2028\u2029]/);
    expect(body).toContain('\\u2028');
    expect(body).toContain('\\u2029');
    const run = runScript(body, CALLBACK);
    expect((run.calls[0]![0] as { comments: Rec[] }).comments[0]).toMatchObject({ content: message, user: '\u2028' });
  });

  test.each(['a.b.c', '$', '_cb', 'jQuery1234_5678', 'ns.$x._y'])('callback %s is called', (callback) => {
    const subject = resource(ErrorShape, { code: 1001, message: 'Unrecognized argument' });
    expectScriptCalls(renderBody('javascript', subject, callback), callback, { code: 1001, message: 'Unrecognized argument' });
  });

  test('the ScriptError object carries status for the callback', () => {
    const subject = resource(ScriptErrorShape, { code: 1021, message: 'No such user', status: 404 });
    expectScriptCalls(renderBody('javascript', subject, 'a.b'), 'a.b', { code: 1021, message: 'No such user', status: 404 });
  });
});

describe('pitfall (i): renderAlert', () => {
  const messages = [
    'A service API request has an invalid callback argument.',
    'quotes " and \' and backslash \\',
    '</script><script>alert(1)</script>',
  ];
  test.each([...messages, 'separators \u2028 and \u2029', '日本語 😀'])('%j is alerted exactly', (message) => {
    const body = renderAlert(message);
    expect(body).not.toMatch(/[\u2028\u2029]/);
    const run = runScript(body);
    expect(run.alerts).toEqual([message]);
    expect(run.calls).toEqual([]);
  });
});
