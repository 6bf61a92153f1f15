/**
 * Every function has a sample event in events/, and answers it: through the handler `sam local
 * invoke` would run, and from the ESM bundle `npm run build` makes, as Lambda loads it. And what
 * those bundles hold (docs/performance.md, What is in a bundle), read from the same build.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import type { Context } from 'aws-lambda';
import { buildFunctions, type BuiltFunction } from '../../infra/bundle/esbuild';
import { loadTemplate } from '../../infra/template/read';
import { functionsOf, type FunctionDefinition } from '../../infra/template/functions';
import { routesOf } from '../../infra/template/routes';
import { documentClient } from '../../lib/db/client';
import { DynamoShortUrlStore } from '../../lib/shorturls/dynamodb';
import { linkKey } from '../../lib/shorturls/link';
import { decode } from '../support/parsers';
import { GalleryData } from '../support/gallery-fixtures';
import { runBundle } from '../support/run-bundle';

const template = loadTemplate();
const functions = functionsOf(template);
const routes = routesOf(template);
const byId = functions.map((fn) => [fn.id, fn] as const);

const eventFileOf = (fn: FunctionDefinition): string => `events/${basename(fn.entry, '.ts')}.json`;

/** The sample events of the short-URL functions name this code; the tests store it first. */
const SAMPLE_CODE = 'Sample1';

beforeAll(async () => {
  const store = new DynamoShortUrlStore(documentClient, process.env.SHORT_URLS_TABLE!);
  const link = 'https://www.example.org/sample';
  await store.insert({ code: SAMPLE_CODE, link, itemid: 9_000_000_001, view_count: 0 }, linkKey(link));
  // The gallery sample events name photos 1001 and 1002 (dated from 1229990400, the window the
  // date-listing events ask for) and comment 5001 of photo 1001, which has a reply.
  const gallery = new GalleryData();
  const photo = gallery.photo(1_230_000_000, { id: 1001, title: 'Sample photo', digg_count: 12 });
  const other = gallery.photo(1_230_086_400, { id: 1002, title: 'Another sample photo', digg_count: 3 });
  const comment = gallery.comment(photo, 1_230_003_600, { id: 5001, content: 'A sample comment', up: 2 });
  gallery.reply(comment, 1_230_007_200, { id: 5002, content: 'A sample reply' });
  gallery.comment(other, 1_230_090_000, { id: 5003, content: 'A comment of the other photo' });
  await gallery.save();
});

/** A function's answer, as API Gateway takes it. */
type Answer = { statusCode: number; headers: Record<string, string>; body: string };

function expectAnswer(response: Answer, event: { routeKey: string; rawPath: string; rawQueryString: string }) {
  expect(response.statusCode).toBe(event.routeKey === '$default' ? 404 : event.rawPath === `/${SAMPLE_CODE}` ? 301 : 200);
  if (response.statusCode === 301) return;
  const callback = new URLSearchParams(event.rawQueryString).get('callback') ?? undefined;
  const decoded = decode(response.headers['Content-Type'], response.body, callback);
  if (decoded.type === 'javascript') expect(decoded.calls).toHaveLength(1);
}

async function handlerOf(fn: FunctionDefinition) {
  const module = (await import(`../../${fn.entry}`)) as Record<string, unknown>;
  return module[fn.exportName] as (event: unknown, context: Context) => Promise<Answer>;
}

describe('the sample events', () => {
  test.each(byId)('%s: bundled by esbuild from an entry that exports its handler', async (_id, fn) => {
    expect(template.Resources[fn.id]!.Metadata?.BuildMethod).toBe('esbuild');
    expect(existsSync(fn.entry)).toBe(true);
    expect(typeof (await handlerOf(fn))).toBe('function');
  });

  test('every event file belongs to a function', () => {
    const files = readdirSync('events').map((file) => `events/${file}`);
    expect(files.sort()).toEqual(functions.map(eventFileOf).sort());
  });

  test.each(functions.map((fn) => [eventFileOf(fn), fn] as const))('%s invokes its function successfully', async (file, fn) => {
    const event = JSON.parse(readFileSync(file, 'utf8'));
    expect(routes.filter((route) => route.fn.id === fn.id).map((route) => route.routeKey)).toContain(event.routeKey);
    const response = await (await handlerOf(fn))(event, { awsRequestId: 'event-file-test' } as Context);
    expectAnswer(response, event);
  });
});

describe('the bundles `npm run build` makes, as Lambda loads them', () => {
  let built: BuiltFunction[];
  beforeAll(async () => {
    built = await buildFunctions(functions);
  }, 60_000);

  test.each(byId)('%s answers its sample event from its ESM bundle', (id, fn) => {
    const bundle = built.find((b) => b.id === id)!;
    expect(basename(bundle.file)).toBe(fn.bundleName);
    const event = JSON.parse(readFileSync(eventFileOf(fn), 'utf8'));
    expectAnswer(runBundle(bundle.file, fn, event), event);
  });

  /** Every module a bundle imports at run time, and every source file it holds. */
  const contentsOf = (bundle: BuiltFunction) => {
    const outputs = Object.values(bundle.metafile.outputs);
    return { imports: outputs.flatMap((o) => o.imports.map((i) => i.path)), inputs: Object.keys(bundle.metafile.inputs) };
  };
  const usesDatabase = (bundle: BuiltFunction) => contentsOf(bundle).inputs.some((input) => input.includes('@aws-sdk/client-dynamodb'));

  // docs/performance.md, What is in a bundle.
  test.each(byId)('%s bundles at most 30 files of functions/ and lib/', (id) => {
    const own = contentsOf(built.find((b) => b.id === id)!).inputs.filter((input) => /^(functions|lib)\//.test(input));
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThanOrEqual(30);
  });

  // esbuild turns a require() it cannot resolve into a shim that throws this when it runs; no
  // BuildProperties Banner defines require, which costs every cold start an import of node:module.
  test('no bundle calls require(): each is an ES module end to end', () => {
    for (const bundle of built) expect(readFileSync(bundle.file, 'utf8')).not.toMatch(/Dynamic require of|\brequire\(/);
  });

  test("no bundle holds php-serialize's unserialize() or its parser, which no answer runs (lib/render/bodies.ts: renderPhp)", () => {
    const phpFiles = (bundle: BuiltFunction) =>
      contentsOf(bundle)
        .inputs.filter((input) => input.includes('/php-serialize/'))
        .map((input) => input.replace(/.*\/php-serialize\/lib\/esm\//, ''))
        .sort();
    const answering = built.filter((bundle) => phpFiles(bundle).length > 0);
    // Every function but the redirect answers in PHP.
    expect(answering).toHaveLength(functions.length - 1);
    for (const bundle of answering) expect(phpFiles(bundle)).toEqual(['helpers.js', 'serialize.js']);
  });

  test("the functions without DynamoDB load no node:crypto (their Alias: Powertools' randomInt from Web Crypto)", () => {
    const statics = built.filter((bundle) => !usesDatabase(bundle));
    const catalogues = ['ContainerFunction', 'ContainersFunction', 'ErrorFunction', 'ErrorsFunction'];
    expect(statics.map((b) => b.id).sort()).toEqual([...catalogues, 'NotFoundFunction']);
    for (const bundle of statics) {
      expect(contentsOf(bundle).imports).not.toContain('node:crypto');
      expect(contentsOf(bundle).inputs).toContain('lib/observability/random-int.ts');
    }
  });

  test("the DynamoDB functions carry the environment's credentials, none of the SDK's other providers and none of its event-stream code (their Alias)", () => {
    const database = built.filter(usesDatabase);
    expect(database).toHaveLength(functions.length - 5);
    const otherProviders = /credential-provider-(node|ini|sso|process|web-identity|http|login)\/|nested-clients\/|credential-provider-imds/;
    for (const bundle of database) {
      const { inputs } = contentsOf(bundle);
      expect(inputs.filter((input) => otherProviders.test(input))).toEqual([]);
      expect(inputs).toContain('lib/db/credentials-from-env.ts');
      // No DynamoDB operation streams events, so the SDK's support for them can never run.
      expect(inputs.filter((input) => input.includes('/event-streams/'))).toEqual([]);
      expect(inputs).toContain('lib/db/no-event-streams.ts');
    }
  });
});
