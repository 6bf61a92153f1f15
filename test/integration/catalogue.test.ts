import { readFileSync } from 'node:fs';
import { apiEvent, selectRoute } from '../../infra/local/api-event';
import { decode, parseXml, type XmlElement } from '../support/parsers';
import { expectError, CATALOGUE, TYPES, typeQuery, type ResponseType } from '../support/expect-error';
import { APP_KEY, invoke, ROUTES, withKey } from '../support/invoke';
import { asInvocation, contextFields, importHandler, lambdaContext } from '../../infra/local/invoke';
import { markdownSection } from '../support/markdown';

type Topic = { name: string; short_name: string };
type Container = Topic & { topics: Topic[] };

/**
 * The rows of docs/api.md's Containers table as the JSON form lists them, in listing order: every
 * answer below is held to them (the last test checks the table was read whole).
 */
function documentedContainers(): Container[] {
  const containers = markdownSection(readFileSync('docs/api.md', 'utf8'), 'Containers', 'docs/api.md');
  const named = (cell: string): Topic => {
    const match = /^`([^`]+)` (.+)$/.exec(cell.trim());
    if (match === null) throw new Error(`not a \`short_name\` name pair: ${cell}`);
    return { name: match[2]!, short_name: match[1]! };
  };
  return containers
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [container, topics] = line.slice(1, -1).split(' | ') as [string, string];
      return { ...named(container), topics: topics.split(/, (?=`)/).map(named) };
    });
}

const CONTAINERS = documentedContainers();
const CATALOGUE_ENTRIES = CATALOGUE.map(([code, message]) => ({ code, message }));

const stripClass = (value: unknown): unknown => JSON.parse(JSON.stringify(value, (key, item) => (key === '__class' ? undefined : item)));

/**
 * A successful response in `type` read back as the JSON form would carry it (XML mapped by the
 * layout of docs/api.md, Bodies: `errors`/`containers` roots, entries as attributes, topics
 * nested), after checking status, Content-Type, and for PHP its byte-for-byte form and classes.
 */
function readList(response: Awaited<ReturnType<typeof invoke>>, type: ResponseType, list: 'errors' | 'containers'): Record<string, any> {
  expect(response.statusCode).toBe(200);
  const decoded = decode(response.headers['content-type'], response.body, 'cb');
  expect(decoded.type).toBe(type);
  switch (decoded.type) {
    case 'json':
      return decoded.value as Record<string, any>;
    case 'javascript':
      expect(decoded.calls).toHaveLength(1);
      return decoded.calls[0]![0] as Record<string, any>;
    case 'php': {
      expect(decoded.serialized).toBe(response.body);
      const value = decoded.value as Record<string, any>;
      expect(value.__class).toBe(list === 'errors' ? 'ServiceAPIErrors' : 'ServiceAPIContainers');
      for (const entry of value[list]) {
        expect(entry.__class).toBe(list === 'errors' ? 'ServiceAPIError' : 'ServiceAPIContainer');
        for (const topic of entry.topics ?? []) expect(topic.__class).toBe('ServiceAPITopic');
      }
      return stripClass(value) as Record<string, any>;
    }
    case 'xml':
      return fromXml(decoded.root, list);
  }
}

function fromXml(root: XmlElement, list: 'errors' | 'containers'): Record<string, any> {
  expect(root.name).toBe(list);
  expect(Object.keys(root.attributes)).toEqual(['timestamp']);
  const entries = root.children.map((child) => {
    expect(child.name).toBe(list === 'errors' ? 'error' : 'container');
    if (list === 'errors') {
      expect(child.children).toEqual([]);
      return { code: Number(child.attributes.code), message: child.attributes.message };
    }
    return {
      ...child.attributes,
      topics: child.children.map((topic) => {
        expect(topic.name).toBe('topic');
        expect(topic.children).toEqual([]);
        return { ...topic.attributes };
      }),
    };
  });
  return { timestamp: Number(root.attributes.timestamp), [list]: entries };
}

/** The functions' clock, held on a whole second: `timestamp`, the time of the answer, is that second exactly. */
const NOW_MS = Date.parse('2031-05-04T03:02:01Z');
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(NOW_MS));
afterEach(() => jest.restoreAllMocks());

/** The whole list read back, property order included: the wrapper, `timestamp` now, and `entries`. */
function expectList(value: unknown, list: 'errors' | 'containers', entries: readonly object[]): void {
  expect(JSON.stringify(value)).toBe(JSON.stringify({ timestamp: NOW_MS / 1000, [list]: entries }));
}

describe('Errors and containers: /errors', () => {
  test.each(TYPES)('%s: the 30 entries of the catalogue, ascending by code, with their exact messages', async (type) => {
    expectList(readList(await invoke(withKey(`/errors?${typeQuery(type, 'cb')}`)), type, 'errors'), 'errors', CATALOGUE_ENTRIES);
    const codes = CATALOGUE_ENTRIES.map((entry) => entry.code);
    expect(codes).toEqual([...codes].sort((a, b) => a - b));
    expect(codes).toHaveLength(30);
  });
});

describe('Errors and containers: /error/{code}', () => {
  test.each(CATALOGUE)('/error/%i: the error-list wrapper with the one entry', async (code, message) => {
    expectList(readList(await invoke(withKey(`/error/${code}?type=json`)), 'json', 'errors'), 'errors', [{ code, message }]);
  });

  test.each(TYPES)('%s: the wrapper with the one entry', async (type) => {
    const value = readList(await invoke(withKey(`/error/1014?${typeQuery(type, 'cb')}`)), type, 'errors');
    expectList(value, 'errors', [{ code: 1014, message: 'Unknown container or topic' }]);
  });

  const UNKNOWN = '9999 0 1004 -1 abc 01001 +1001 1001.0 1e3 %201001 1001%20 0x3E9 constructor __proto__ toString'.split(' ');
  test.each(UNKNOWN)('/error/%s is 1025 (HTTP 404) in every type (Javascript: HTTP 200, status 404 in the object)', async (segment) => {
    for (const type of TYPES)
      expectError(await invoke(withKey(`/error/${segment}?${typeQuery(type)}`)), type, 1025, 404, { detail: false });
  });

  test('an empty code is 1025 when the function gets it; API Gateway routes /error/ to the catch-all (404)', async () => {
    const route = ROUTES.find((candidate) => candidate.routeKey === 'GET /error/{code}')!;
    const handler = await importHandler('functions/error.ts', 'handler');
    const target = `/error/?appkey=${encodeURIComponent(APP_KEY)}&type=json`;
    for (const pathParameters of [undefined, { code: '' }]) {
      const event = apiEvent({ method: 'GET', target, headers: {}, sourceIp: '127.0.0.1', host: 'localhost' }, { route, pathParameters });
      const result = await handler(event, lambdaContext(contextFields(route.fn.id, 'empty-code', route.fn.memoryMb)));
      expectError(asInvocation(result), 'json', 1025, 404);
    }
    expect(selectRoute(ROUTES, 'GET', '/error/')!.route.path).toBe('$default');
    expectError(await invoke(withKey('/error/?type=json')), 'json', 404, 404);
  });
});

describe('Errors and containers: Display names', () => {
  // In every type: the containers' and all 50 topics' display names and order, as the table lists them.
  test.each(TYPES)('%s: the 8 containers in listing order, with their display names and exact topics', async (type) => {
    expectList(readList(await invoke(withKey(`/containers?${typeQuery(type, 'cb')}`)), type, 'containers'), 'containers', CONTAINERS);
  });

  test('in XML the topics are nested topic elements of their container, and & is read back as &', async () => {
    const root = parseXml((await invoke(withKey('/containers'))).body);
    expect(root.children.map((container) => container.name)).toEqual(Array(8).fill('container'));
    const world = root.children[1]!;
    expect(world.attributes).toEqual({ name: 'World & Business', short_name: 'world_business' });
    expect(world.children.map((topic) => topic.name)).toEqual(Array(5).fill('topic'));
    expect(world.children[4]!.attributes).toEqual({ name: 'US Elections 2008', short_name: '2008_us_elections' });
  });
});

describe('Errors and containers: /container/{name}', () => {
  test.each(CONTAINERS.map((container) => [container.short_name, container] as const))(
    '/container/%s: the container-list wrapper holding that one container, in every type',
    async (shortName, container) => {
      for (const type of TYPES) {
        const value = readList(await invoke(withKey(`/container/${shortName}?${typeQuery(type, 'cb')}`)), type, 'containers');
        expectList(value, 'containers', [container]);
      }
    },
  );

  test.each(['nope', 'apple', 'tech_news', 'Technology', 'technology%20', '__proto__', 'constructor', 'toString', '%3Cscript%3E'])(
    '/container/%s is 1014 (HTTP 404) in every type (Javascript: HTTP 200, status 404)',
    async (segment) => {
      for (const type of TYPES) {
        const response = await invoke(withKey(`/container/${segment}?${typeQuery(type)}`));
        expectError(response, type, 1014, 404, { detail: false });
        expect(response.body).not.toContain('<script>');
      }
    },
  );
});

describe("Errors and containers: docs/api.md's Containers table, read whole", () => {
  test('eight containers and fifty topics, every short name once, every name given', () => {
    const shortNames = CONTAINERS.map((container) => container.short_name);
    expect(shortNames).toEqual(['technology', 'world_business', 'science', 'gaming', 'lifestyle', 'entertainment', 'sports', 'offbeat']);
    const topics = CONTAINERS.flatMap((container) => container.topics);
    expect(new Set(topics.map((topic) => topic.short_name)).size).toBe(50);
    expect(topics).toHaveLength(50);
    expect([...CONTAINERS, ...topics].every((entry) => entry.name.trim() !== '')).toBe(true);
  });
});
