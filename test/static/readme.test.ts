/**
 * The README and the docs against what they describe, offline: commands, npm scripts, links, docs/api.md's
 * routes and codes, and docs/deploy.md's `sam local invoke` lines and settings table, which names every
 * parameter of the template and variable the code reads.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { catalogueMessage, ERROR_CATALOGUE, httpStatusFor } from '../../lib/api-error';
import { loadTemplate } from '../../infra/template/read';
import { functionEnvironment, functionsOf } from '../../infra/template/functions';
import { routesOf } from '../../infra/template/routes';
import { markdownSection } from '../support/markdown';

const readme = readFileSync('README.md', 'utf8');
const deploy = readFileSync('docs/deploy.md', 'utf8');
const api = readFileSync('docs/api.md', 'utf8');
const template = loadTemplate();
const functions = functionsOf(template);
const routes = routesOf(template);
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

/** The text of docs/deploy.md's section under `## title`, up to the next `## `. */
const section = (title: string): string => markdownSection(deploy, title, 'docs/deploy.md');

const tableRows = (text: string): string[] => text.split('\n').filter((line) => line.startsWith('|'));
/** Every `code` span of the markdown table rows of a text. */
const tableCodeSpans = (text: string): Set<string> =>
  new Set(tableRows(text).flatMap((row) => [...row.matchAll(/`([^`]+)`/g)].map((match) => match[1]!)));

const sourceFiles = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, encoding: 'utf8' }).flatMap((name) => (name.endsWith('.ts') ? [join(directory, name)] : []));

/** Environment variables the code reads by name: process.env.X, env.X, env['X'], and the setting readers' names. */
function variablesReadByCode(): string[] {
  const patterns = [
    /\benv\.([A-Z][A-Z0-9_]+)/g,
    /\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
    /\b(?:requiredSetting|setting|dateSetting|positiveInteger|port)\(\s*(?:[\w.]+,\s*)?['"]([A-Z][A-Z0-9_]+)['"]/g,
  ];
  const names = new Set<string>();
  for (const file of ['lib', 'functions', 'infra'].flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return [...names].sort();
}

describe('docs/deploy.md: Try one function with the SAM CLI', () => {
  const text = section('Try one function with the SAM CLI');

  test('the template has the functions the README lists, 16 of them', () => {
    const listed = [...text.matchAll(/sam local invoke (\w+) -e /g)].map((match) => match[1]!);
    expect([...new Set(listed)].sort()).toEqual(functions.map((fn) => fn.id).sort());
    expect(functions).toHaveLength(16);
  });

  test.each(functions.map((fn) => [fn.id]))('%s has a sam local invoke line whose event exists and is one of its routes', (id) => {
    const file = new RegExp(`sam local invoke ${id} -e (events/[\\w.-]+\\.json)`).exec(text)?.[1];
    expect([file, existsSync(file ?? '')]).toEqual([expect.any(String), true]);
    const event = JSON.parse(readFileSync(file!, 'utf8')) as { routeKey?: string };
    const own = routes.filter((route) => route.fn.id === id).map((route) => route.routeKey);
    expect(own).toContain(event.routeKey);
  });

  test('the functions with table variables are invoked with --env-vars, and env.json names those tables', () => {
    for (const [id, resource] of Object.entries(template.Resources)) {
      const variables = Object.keys(resource.Properties?.Environment?.Variables ?? {});
      if (resource.Type !== 'AWS::Serverless::Function' || !variables.some((name) => name.endsWith('_TABLE'))) continue;
      expect(text).toMatch(new RegExp(`sam local invoke ${id} -e events/[\\w.-]+\\.json --env-vars env\\.json`));
      for (const name of variables.filter((variable) => variable.endsWith('_TABLE'))) expect(text).toContain(`"${name}": "social-news-`);
    }
    expect(text).toContain('"AWS_ENDPOINT_URL_DYNAMODB": "http://host.docker.internal:8000"');
  });
});

describe('docs/deploy.md: Settings', () => {
  const settings = tableCodeSpans(section('Settings'));

  test.each([
    ...Object.keys(template.Parameters ?? {}).map((name) => ['template parameter', name]),
    // The variables named in the Environment of template.yaml's Globals and functions.
    ...Object.keys(functionEnvironment(template)).map((name) => ['function variable', name]),
  ])('the %s %s is in the settings table', (_kind, name) => {
    expect(settings).toContain(name);
  });

  test('every variable the code reads, the Powertools settings and the local-only ones are in the settings table', () => {
    const expected = [
      ...variablesReadByCode(),
      ...['POWERTOOLS_SERVICE_NAME', 'POWERTOOLS_METRICS_NAMESPACE', 'POWERTOOLS_LOG_LEVEL'],
      ...['PORT', 'SHORT_PORT', 'DYNAMODB_PORT', 'LOCAL_DATA_DIR', 'AWS_ENDPOINT_URL_DYNAMODB'],
    ];
    expect(variablesReadByCode()).toEqual(expect.arrayContaining(['GALLERY_TABLE', 'SHORT_URL_HOST', 'PHP_CLASS_PREFIX', 'PORT']));
    expect(expected.filter((name) => !settings.has(name))).toEqual([]);
  });

  test('each parameter with a default gives that default in its row', () => {
    const rows = tableRows(section('Settings'));
    for (const [name, parameter] of Object.entries(template.Parameters ?? {})) {
      const row = rows.find((line) => line.includes(`\`${name}\``));
      const fallback = String(parameter.Default ?? '');
      expect([name, row?.includes(fallback === '' ? 'empty' : `\`${fallback}\``)]).toEqual([name, true]);
    }
  });
});

describe('README.md: commands', () => {
  test('the two commands at the top are npm install && npm start, then npm install && npm test', () => {
    const firstBlock = /```sh\n([\s\S]*?)```/.exec(readme)![1]!;
    const commands = firstBlock.split('\n').flatMap((line) => line.replace(/#.*$/, '').trim() || []);
    expect(commands).toEqual(['npm install && npm start', 'npm install && npm test']);
  });

  test('every npm run X in the README is a script of package.json, and so are npm start and npm test, the bare forms', () => {
    const named = [...new Set([...readme.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!))];
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((name) => !(name in scripts))).toEqual([]);
    expect(Object.keys(scripts)).toEqual(expect.arrayContaining(['start', 'test']));
  });
});

describe('README.md and every markdown file: read in minutes, standing alone', () => {
  /** Every markdown file of the repository: the README, docs/ and each folder's README and results. */
  const markdownIn = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = dir === '.' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name.startsWith('.') || entry.name === 'node_modules' ? [] : markdownIn(path);
      return entry.name.endsWith('.md') ? [path] : [];
    });
  const markdown = markdownIn('.');

  test('the README is at most 200 lines', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
  });

  /** The anchors a markdown file's headings get: lower case, punctuation dropped, spaces as hyphens. */
  const anchorsOf = (path: string): string[] =>
    [...readFileSync(path, 'utf8').matchAll(/^#+ (.+)$/gm)].map(([, heading]) =>
      heading!.toLowerCase().replace(/[^\p{L}\p{N} _-]|( )/gu, (_, space) => (space ? '-' : '')),
    );

  test.each(markdown.map((file) => [file]))('every link of %s is a file of the repository, and its anchor a heading there', (file) => {
    const broken = [...readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1]!)
      .filter((target) => {
        const [name, anchor] = target.split('#') as [string, string | undefined];
        const path = name === '' ? file : normalize(join(dirname(file), name));
        if (/^[a-z]+:/i.test(target) || path.startsWith('..') || !existsSync(path)) return true;
        return anchor !== undefined && !anchorsOf(path).includes(anchor);
      });
    expect(broken).toEqual([]);
  });

  test('docs/api.md names every route of the template and every catalogue code', () => {
    // `$default` is the catch-all; a greedy `{short_url+}` is written `{short_url}`.
    const paths = [...new Set(routes.filter((route) => route.path.startsWith('/')).map((route) => route.path.replace('+}', '}')))];
    expect(paths.length).toBeGreaterThan(14);
    expect(paths.filter((path) => !api.includes(`\`${path}\``))).toEqual([]);
    expect(ERROR_CATALOGUE.map(([code]) => code).filter((code) => !new RegExp(`^\\| ${code} \\|`, 'm').test(api))).toEqual([]);
  });

  test("docs/api.md's error table is the catalogue row for row: | code | message | HTTP status |, in its order", () => {
    const start = api.indexOf('| Code | Message | HTTP status |');
    expect(start).toBeGreaterThan(0);
    const lines = api.slice(start).split('\n');
    const end = lines.findIndex((line) => !line.startsWith('|'));
    const parsed = lines.slice(2, end).map((row) => {
      const match = /^\| (\d+) \| (.+) \| (\d+) \|$/.exec(row);
      if (match === null) throw new Error(`not a | code | message | status | row: ${row}`);
      return [Number(match[1]), match[2]!, Number(match[3])] as const;
    });
    expect(parsed.map(([code]) => code)).toEqual(ERROR_CATALOGUE.map(([code]) => code));
    expect(parsed).toEqual(parsed.map(([code]) => [code, catalogueMessage(code), httpStatusFor(code)]));
    expect(parsed).toEqual(ERROR_CATALOGUE.map(([code, message]) => [code, message, httpStatusFor(code)]));
  });
});
