/**
 * The four bodies of docs/api.md, Bodies, each decoded with the real parser of its type: XML's
 * declaration and escaping, JSON's wire types, Javascript's callback call, PHP's own serialize()
 * and class names, through the real handlers and endpoints made here.
 */
import { ContainerListShape } from '../../lib/resources/catalogue';
import { resource } from '../../lib/resources/shape';
import { GalleryShape } from '../../lib/resources/gallery';
import { invokeWithEnv } from '../support/expect-error';
import { invoke, withKey } from '../support/invoke';
import { call, listOf, resourceEndpoint } from '../support/made-endpoints';
import { parseXml, runScript, unserialize, XML_DECLARATION } from '../support/parsers';
import { RESPONSE_STATIC_PATHS as STATIC_PATHS } from '../support/static-paths';

/** A string holding what XML must escape, what it cannot carry at all, and non-ASCII text. */
const TRICKY = 'a & b < c > "d" \'e\' \t tab \n lf \r cr ]]> é 😀 \u2028 \u2029 end';
const UNCARRIABLE = 'x\u0000y\u0001z\uFFFEw\uD800v\u001F';

describe('Responses: XML', () => {
  test.each(STATIC_PATHS)('%s begins with exactly the UTF-8 XML declaration and parses strictly', async (path) => {
    const response = await invoke(withKey(path));
    expect(response.body.startsWith(`${XML_DECLARATION}<`)).toBe(true);
    expect(() => parseXml(response.body)).not.toThrow();
  });

  test('errors too begin with the declaration', async () => {
    expect((await invoke('/errors')).body.startsWith(`${XML_DECLARATION}<error `)).toBe(true);
    expect((await invoke('/nope')).body.startsWith(`${XML_DECLARATION}<error `)).toBe(true);
  });

  test('markup, whitespace and non-ASCII text come back exactly', async () => {
    const handler = resourceEndpoint(() =>
      resource(ContainerListShape, {
        timestamp: 1,
        containers: [{ name: TRICKY, short_name: 'x', topics: [{ name: TRICKY, short_name: 'y' }] }],
      }),
    );
    const root = parseXml((await call(handler, 'xml')).body);
    expect(root.children[0]!.attributes.name).toBe(TRICKY);
    expect(root.children[0]!.children[0]!.attributes.name).toBe(TRICKY);
  });

  test('characters XML cannot carry are replaced with U+FFFD, and the document stays well-formed', async () => {
    const response = await call(listOf(UNCARRIABLE), 'xml');
    expect(response.statusCode).toBe(200);
    expect(parseXml(response.body).children[0]!.attributes.message).toBe('x\uFFFDy\uFFFDz\uFFFDw\uFFFDv\uFFFD');
  });
});

describe('Responses: JSON', () => {
  test('UTF-8 text comes back exactly', async () => {
    const response = await call(listOf(TRICKY), 'json');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(response.body).errors[0].message).toBe(TRICKY);
  });

  test('total is a string in the gallery list (and in PHP), an attribute in XML', async () => {
    const handler = resourceEndpoint(() =>
      resource(GalleryShape, { timestamp: 5, min_date: 1, total: 42, offset: 0, count: 0, photos: [] }),
    );
    expect((await call(handler, 'json')).body).toBe('{"timestamp":5,"min_date":1,"total":"42","offset":0,"count":0,"photos":[]}');
    expect(parseXml((await call(handler, 'xml')).body).attributes.total).toBe('42');
    const php = unserialize((await call(handler, 'php')).body);
    expect((php.value as Record<string, unknown>).total).toBe('42');
  });
});

describe('Responses: Javascript', () => {
  test.each(STATIC_PATHS)('%s: the body is /**/callback(<json>); and calls it once with the JSON-type value', async (path) => {
    const response = await invoke(withKey(`${path}?type=javascript&callback=my.show`));
    expect(response.statusCode).toBe(200);
    const match = /^\/\*\*\/my\.show\((.*)\);$/s.exec(response.body);
    expect(match).not.toBeNull();
    const run = runScript(response.body, 'my.show');
    expect(run.calls).toEqual([[JSON.parse(match![1]!)]]);
    const json = JSON.parse((await invoke(withKey(`${path}?type=json`))).body);
    expect({ ...(run.calls[0]![0] as object), timestamp: 0 }).toEqual({ ...json, timestamp: 0 });
  });

  test('U+2028 and U+2029 are escaped, and reach the callback intact', async () => {
    const response = await call(listOf(TRICKY), 'javascript');
    expect(response.body).not.toMatch(/[\u2028\u2029]/);
    expect(response.body).toContain('\\u2028');
    expect(response.body).toContain('\\u2029');
    expect(runScript(response.body, 'cb').calls).toEqual([[{ timestamp: 1, errors: [{ code: 1, message: TRICKY }] }]]);
  });
});

describe('Responses: PHP', () => {
  test.each(STATIC_PATHS)("%s: the body is byte for byte PHP's own serialize() of what it unserializes to", async (path) => {
    const body = (await invoke(withKey(`${path}?type=php`))).body;
    const answer = unserialize(body);
    expect(answer.error).toBeUndefined();
    expect(answer.serialized).toBe(body);
  });

  test('multi-byte text, NUL and quotes are counted in bytes as PHP counts them', async () => {
    const text = `${TRICKY} \u0000 ";} s:1:"`;
    const body = (await call(listOf(text), 'php')).body;
    const answer = unserialize(body);
    expect(answer.serialized).toBe(body);
    expect(answer.value).toEqual({
      __class: 'ServiceAPIErrors',
      timestamp: 1,
      errors: [{ __class: 'ServiceAPIError', code: 1, message: text }],
    });
  });

  test('class names are ServiceAPI…', async () => {
    const errors = unserialize((await invoke(withKey('/error/1014?type=php'))).body).value;
    expect(errors).toMatchObject({ __class: 'ServiceAPIErrors', errors: [{ __class: 'ServiceAPIError' }] });
    const containers = unserialize((await invoke(withKey('/container/gaming?type=php'))).body).value as Record<string, any>;
    expect(containers).toMatchObject({ __class: 'ServiceAPIContainers', containers: [{ __class: 'ServiceAPIContainer' }] });
    expect(containers.containers[0].topics[0].__class).toBe('ServiceAPITopic');
  });

  test('the class prefix is configurable (PHP_CLASS_PREFIX=DiggAPI), for successes and errors', async () => {
    const env = { PHP_CLASS_PREFIX: 'DiggAPI' };
    const containers = unserialize((await invokeWithEnv(env, withKey('/containers?type=php'))).body);
    expect(containers.value).toMatchObject({
      __class: 'DiggAPIContainers',
      containers: expect.arrayContaining([expect.objectContaining({ __class: 'DiggAPIContainer' })]),
    });
    const errors = unserialize((await invokeWithEnv(env, withKey('/errors?type=php'))).body);
    expect(errors.value).toMatchObject({
      __class: 'DiggAPIErrors',
      errors: expect.arrayContaining([expect.objectContaining({ __class: 'DiggAPIError' })]),
    });
    const error = await invokeWithEnv(env, '/errors?type=php');
    expect(error.statusCode).toBe(403);
    expect(unserialize(error.body)).toEqual({
      value: { __class: 'DiggAPIError', code: 1005, message: 'Application key required' },
      serialized: error.body,
    });
  });
});
