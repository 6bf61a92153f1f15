/**
 * Properties come in the order of docs/api.md, Bodies, in JSON, PHP and XML attributes alike: the
 * catalogue, the containers, and short URL records made by an endpoint made here.
 */
import { resource } from '../../lib/resources/shape';
import { ShortUrlListShape } from '../../lib/resources/short-urls';
import { invoke, withKey } from '../support/invoke';
import { call, resourceEndpoint } from '../support/made-endpoints';
import { parseXml, unserialize } from '../support/parsers';

describe('Responses: Property order', () => {
  const keys = (value: unknown): string[] => Object.keys(value as object).filter((key) => key !== '__class');

  test('errors and containers: JSON and PHP keep the order of docs/api.md, Bodies', async () => {
    for (const type of ['json', 'php'] as const) {
      const read = async (path: string) => {
        const body = (await invoke(withKey(`${path}?type=${type}`))).body;
        return (type === 'json' ? JSON.parse(body) : unserialize(body).value) as Record<string, any>;
      };
      const errors = await read('/errors');
      expect(keys(errors)).toEqual(['timestamp', 'errors']);
      for (const entry of errors.errors) expect(keys(entry)).toEqual(['code', 'message']);
      const containers = await read('/containers');
      expect(keys(containers)).toEqual(['timestamp', 'containers']);
      for (const container of containers.containers) {
        expect(keys(container)).toEqual(['name', 'short_name', 'topics']);
        for (const topic of container.topics) expect(keys(topic)).toEqual(['name', 'short_name']);
      }
    }
  });

  test('XML attributes follow the same order', async () => {
    const root = parseXml((await invoke(withKey('/container/sports'))).body);
    expect(Object.keys(root.attributes)).toEqual(['timestamp']);
    expect(Object.keys(root.children[0]!.attributes)).toEqual(['name', 'short_name']);
    expect(Object.keys(root.children[0]!.children[0]!.attributes)).toEqual(['name', 'short_name']);
  });

  test('short URL records are link, short_url, itemid, view_count; the wrapper shorturls, timestamp, total, count, offset', async () => {
    const record = { link: 'https://news.test/a', short_url: 'https://sho.rt/Ab3dE9z', itemid: 7, view_count: 0 };
    const handler = resourceEndpoint(() =>
      resource(ShortUrlListShape, { shorturls: [record], timestamp: 9, total: 1, count: 1, offset: 0 }),
    );
    const json = JSON.parse((await call(handler, 'json')).body);
    const php = unserialize((await call(handler, 'php')).body).value as Record<string, any>;
    for (const value of [json, php]) {
      expect(keys(value)).toEqual(['shorturls', 'timestamp', 'total', 'count', 'offset']);
      expect(keys(value.shorturls[0])).toEqual(['link', 'short_url', 'itemid', 'view_count']);
    }
    expect(php.__class).toBe('ServiceAPIShortURLs');
    expect(php.shorturls[0].__class).toBe('ServiceAPIShortURL');
  });
});
