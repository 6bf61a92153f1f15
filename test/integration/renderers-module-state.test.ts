/**
 * What the renderers keep between calls (lib/render): a memoised body goes only to the same value,
 * type, callback and declaration, and the XML renderer needs nothing prepared before its first
 * body (docs/api.md, Bodies).
 */
import { RESPONSE_TYPES } from '../../lib/render';
import { ErrorShape, resource, ScriptErrorShape } from '../../lib/resources/shape';
import { expectScriptCalls, xmlRoot } from '../support/render-checks';
import { CALLBACK, renderAll, renderBody } from '../support/render-samples';

describe('renderBody memoisation', () => {
  test.each([...RESPONSE_TYPES])('the same value object twice gives the identical body (%s)', (type) => {
    const subject = resource(ErrorShape, { code: 1001, message: 'memo' });
    const first = renderBody(type, subject, CALLBACK);
    expect(renderBody(type, resource(ErrorShape, subject.value), CALLBACK)).toBe(first);
  });

  test.each([...RESPONSE_TYPES])('two value objects with different content give their own bodies (%s)', (type) => {
    const one = renderAll(resource(ErrorShape, { code: 1001, message: 'first' }))[type];
    const two = renderAll(resource(ErrorShape, { code: 1002, message: 'second' }))[type];
    expect(two).not.toBe(one);
    expect(one).toContain('first');
    expect(two).toContain('second');
    expect(two).not.toContain('first');
  });

  test('the types of one value object do not share a body', () => {
    const bodies = renderAll(resource(ErrorShape, { code: 1001, message: 'shared' }));
    expect(new Set(Object.values(bodies)).size).toBe(RESPONSE_TYPES.length);
    expect(xmlRoot(bodies.xml).attributes.code).toBe('1001');
    expect(JSON.parse(bodies.json)).toEqual({ code: 1001, message: 'shared' });
  });

  test('the same value object with different callbacks calls each callback', () => {
    const subject = resource(ErrorShape, { code: 1001, message: 'callbacks' });
    expectScriptCalls(renderBody('javascript', subject, 'one'), 'one', subject.value);
    expectScriptCalls(renderBody('javascript', subject, 'two.three'), 'two.three', subject.value);
  });

  test('the same value object under two declarations renders each declaration', () => {
    // A value that fits both ErrorShape and ScriptErrorShape: the memo must not hand one
    // declaration's body to the other.
    const value = { code: 1003, message: 'A service API request has an invalid callback argument.', status: 403 };
    expect(JSON.parse(renderBody('json', resource(ErrorShape, value), ''))).toEqual({ code: 1003, message: value.message });
    expectScriptCalls(renderBody('javascript', resource(ScriptErrorShape, value), CALLBACK), CALLBACK, value);
    expect(JSON.parse(renderBody('json', resource(ScriptErrorShape, value), ''))).toEqual(value);
    expect(xmlRoot(renderBody('xml', resource(ScriptErrorShape, value), '')).attributes.status).toBe('403');
    expect(xmlRoot(renderBody('xml', resource(ErrorShape, value), '')).attributes).not.toHaveProperty('status');
  });
});

describe('the XML renderer loads with the module', () => {
  test('a fresh module renders XML at once, with nothing to prepare first', () => {
    jest.isolateModules(() => {
      const fresh = require('../../lib/render') as typeof import('../../lib/render');
      const subject = resource(ErrorShape, { code: 404, message: 'Not found' });
      const body = fresh.renderBody('xml', subject, { callback: '', phpClassPrefix: 'ServiceAPI' });
      expect(xmlRoot(body)).toMatchObject({ name: 'error', attributes: { code: '404', message: 'Not found' } });
    });
  });
});
