/**
 * The repository stands alone, so that a reader who clones it can follow every citation: nothing cites an
 * outside document or path, every path of it named (`lib/…`, `./…`) is a file it holds, and every rule
 * cited by name (`docs/api.md, Views: every visit`: Views) is docs/api.md's. Links: readme.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

/** What a citation of an outside document looks like, written with escapes so that this file does not match itself. */
const OUTSIDE_DOCUMENTS: ReadonlyArray<readonly [what: string, pattern: RegExp]> = [
  ['an outside decisions file', /\bdecisions\.md\b/i],
  ['an outside specification file', /\bsocial-news-read-api\.md\b/i],
  ['the folder of the outside specification', /\bshared\/spec\b/i],
  // However deep the file: a path in a comment is often written from the root.
  ['the shared folder beside the repository', /(?:\.\.\/)+shared\//],
  ['a numbered section of an outside specification', /\bspec(?:'s|’s)?\s+(?:section\s+)?\d/i],
  ['a numbered section', /\bsection\s+\d+\.\d/i],
  ['a section sign', /\u00a7/],
  ['the decisions of an outside document', /\bdecisions['\u2019]/i],
  ['an outside specification', /\bthe\s+spec\b/i],
  ['an outside specification, possessive', /\bspec['\u2019]s\b/i],
];

/** Relative paths (`../x`) as written in code, comments and links: where they lead is worked out from the file. */
const CLIMBING_PATH = /(?<![\w.])((?:\.\.\/)+)([\w.@+-]*)/g;

/** A path of the repository down to a file with an extension (`docs/api.md`), not part of a longer path or a URL. */
const REPOSITORY_PATH = /(?<![\w./@$-])((?:lib|functions|infra|test|docs)\/[\w.@+-]+(?:\/[\w.@+-]+)*\.[A-Za-z0-9]+)(?![\w/])/g;

/** A path written from the current folder (`./` and a file with an extension, or folders and one). */
const DOT_PATH = /(?<![\w./@$-])\.\/([\w@+-][\w.@+-]*(?:\/[\w.@+-]+)*\.[A-Za-z0-9]+)(?![\w/])/g;

/** Paths that tests make up on purpose, as data, by the file that names them. */
const MADE_UP_PATHS: ReadonlyArray<readonly [file: string, paths: readonly string[]]> = [
  // Written from parts, so that this list does not name them itself.
  ['test/static/import-cycles.test.ts', [`infra/low/a${'.'}ts`, `infra/high/b${'.'}ts`, `infra/side/c${'.'}ts`]],
];
const isMadeUp = (file: string, path: string): boolean => MADE_UP_PATHS.some(([owner, paths]) => owner === file && paths.includes(path));

type Citation = { readonly line: number; readonly what: string; readonly text: string };
/** The citations `find` sees in each line of `text`, by what they cite. */
const perLine = (text: string, find: (line: string) => string[]): Citation[] =>
  text.split('\n').flatMap((line, index) => find(line).map((what) => ({ line: index + 1, what, text: line.trim() })));

/** The paths of the repository that `text`, the content of `file`, names and that are not there: read from the root
 * (as jest and esbuild read `./x`) or from the file's folder (as a folder's README lists). */
function missingPaths(file: string, text: string): Citation[] {
  const folder = posix.dirname(file);
  const resolves = (path: string) => existsSync(posix.normalize(path)) || existsSync(posix.normalize(posix.join(folder, path)));
  return perLine(text, (line) =>
    [...line.matchAll(REPOSITORY_PATH), ...line.matchAll(DOT_PATH)]
      .map(([, path]) => path!)
      .filter((path) => !resolves(path) && !isMadeUp(file, path))
      .map((path) => `a path the repository does not hold (${path})`),
  );
}

/** The outside citations in `text`, the content of the tracked file `file` (a path from the repository's root). */
function outsideCitations(file: string, text: string): Citation[] {
  const leaves = ([, climb, rest]: RegExpMatchArray) =>
    /^\.\.(\/|$)/.test(posix.normalize(posix.join(posix.dirname(file), `${climb}${rest}`)));
  return perLine(text, (line) => [
    ...OUTSIDE_DOCUMENTS.flatMap(([what, pattern]) => (pattern.test(line) ? [what] : [])),
    ...[...line.matchAll(CLIMBING_PATH)].filter(leaves).map(([path]) => `a path outside the repository (${path})`),
  ]);
}

/** The names docs/api.md gives its rules: its headings, and each rule's bold name, also cut at its colon. */
function ruleNames(api: string): Set<string> {
  const names = new Set<string>();
  for (const [, heading] of api.matchAll(/^## (.+)$/gm)) names.add(heading!.trim());
  for (const [, bold] of api.matchAll(/^- \*\*(.+?)\*\*/gm)) {
    const name = bold!.replace(/[.:]$/, '');
    names.add(name).add(name.split(':')[0]!);
  }
  return names;
}

/** A citation of a rule by name: `docs/api.md, Errors: status per code`, `docs/api.md: Bodies`. */
const RULE_CITATION = /docs\/api\.md[,:] ([A-Z][^\n]*)/g;

/** The name a citation starts with: up to its first colon, comma, semicolon, bracket, quote, `and` or full stop. */
const citedName = (cited: string): string =>
  cited
    .replaceAll('\u2019', "'")
    .split(/[,:;()"`]| and |\. |\*\//)[0]!
    .trim()
    .replace(/[.']+$/, '');

/** The citations in `text` of a rule that docs/api.md does not name. */
const unknownRules = (text: string, names: ReadonlySet<string>): Citation[] =>
  perLine(text, (line) =>
    [...line.matchAll(RULE_CITATION)]
      .map(([, cited]) => citedName(cited!))
      .filter((name) => !names.has(name))
      .map((name) => `a rule docs/api.md does not name (${name})`),
  );

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && file !== 'package-lock.json' && existsSync(file));

/** Each text file of the repository with its content; binary, as git tells, with a NUL among its first 8 000 bytes. */
const texts = tracked.flatMap((file) => {
  const bytes = readFileSync(file);
  return bytes.subarray(0, 8000).includes(0) ? [] : [[file, bytes.toString('utf8')] as const];
});
/** The lines citations are on, each once. */
const linesOf = (citations: Citation[]): number[] => [...new Set(citations.map((citation) => citation.line))];
/** What `find` sees in every text file, a line each: `file:line: what: text`. */
const inEveryFile = (find: (file: string, text: string) => Citation[]): string[] =>
  texts.flatMap(([file, text]) => find(file, text).map((citation) => `${file}:${citation.line}: ${citation.what}: ${citation.text}`));

describe('the repository stands alone', () => {
  test('it is read whole: the source, the tests and the docs, but no binary file', () => {
    const read = texts.map(([file]) => file);
    expect(read).toEqual(expect.arrayContaining(['README.md', 'docs/api.md', 'docs/openapi.yaml', 'lib/api-error.ts', 'template.yaml']));
    expect(read).not.toContain('docs/api-docs.png');
    expect(read.length).toBeGreaterThan(300);
  });

  test('no tracked file cites an outside document, a numbered section of one, or a path outside the repository', () => {
    expect(inEveryFile(outsideCitations)).toEqual([]);
  });

  // Samples put together from parts, so that this file does not cite what it looks for.
  const [dot, space, quote] = ['.', ' ', "'"];
  test.each([
    ['a decisions file', 'test/x', `// (decisions${dot}md, Status per code)`],
    ['a decisions file in a test name', 'test/x', `describe('DECISIONS${dot}MD, Views', () => {`],
    ['the outside specification by name', 'docs/x', `As social-news-read-api${dot}md says.`],
    ['the outside specification folder', 'README.md', `See /work/shared${'/'}spec for the rules.`],
    ['a spec section number', 'lib/x', `/** The four sorts of spec${space}4${dot}4. */`],
    ['a spec section, spelled out', 'lib/x', `/** Spec section${space}2, in listing order. */`],
    ['a spec section with the possessive', 'test/x', `// Spec${quote}s${space}7${dot}3 codes`],
    ['a bare numbered section', 'docs/openapi.yaml', `The error catalogue of section 7${dot}3.`],
    ['a section sign', 'docs/x', `See ${String.fromCharCode(0xa7)}4.`],
    ['a path that leaves the repository', 'README.md', `Read [the rules](${dot}${dot}/notes/rules.md).`],
    ['a deeper path that leaves it', 'lib/http/x', `// see ${dot}${dot}/${dot}${dot}/${dot}${dot}/notes/x.md`],
    ['the shared folder named from deep inside', 'docs/x', `the rules in ${dot}${dot}/shared/rules.md`],
    ['the decisions of an outside document', 'lib/x', `// As the decisions${quote} Views says`],
    ['the decisions, with a typographic apostrophe', 'docs/x', `See the decisions\u2019 list.`],
    ['an outside specification', 'test/x', `// The order the${space}spec gives`],
    ['an outside specification, possessive', 'docs/x', `Its spec${quote}s wording, kept.`],
  ])('it would find %s', (_what, file, line) => {
    expect(linesOf(outsideCitations(file, `first line\n${line}\nlast line`))).toEqual([2]);
  });

  test.each([
    ['a citation of docs/api.md', 'lib/x', "// (docs/api.md, Errors: status per code; the gallery's arguments)"],
    ['a path that climbs but stays inside', 'docs/data.md', '[`lib/gallery/layout.ts`](../lib/gallery/layout.ts)'],
    ['an import from a test folder', 'test/integration/hostile-input/x', "import { CATALOGUE } from '../../support/expect-error';"],
    ['an RFC section', 'docs/design-notes.md', 'as RFC 9112 (3.2.2) requires'],
    ['a spec that is no document', 'infra/local/sample/x', 'const spec = { now, seed }; loadSample(spec, 42);'],
    ['the word specification', 'docs/x', 'the OpenAPI specification of openapi.yaml, and its specs'],
  ])('it would leave %s alone', (_what, file, line) => {
    expect(outsideCitations(file, line)).toEqual([]);
  });

  test('every path of the repository a tracked file names is a file it holds', () => {
    expect(inEveryFile(missingPaths)).toEqual([]);
  });

  const names = ruleNames(readFileSync('docs/api.md', 'utf8'));

  test('docs/api.md names its sections and its rules, as citations name them', () => {
    const some = ['Endpoints', "The gallery's arguments", 'Retirement', 'Rate limit', 'Views', 'Blocked hosts', 'Codes'];
    expect([...names]).toEqual(expect.arrayContaining(some));
  });

  test('every rule a tracked file cites by name, docs/api.md names', () => {
    expect(inEveryFile((_file, text) => unknownRules(text, names))).toEqual([]);
  });

  test.each([
    ['a section docs/api.md does not have', `// (docs/api${dot}md, Pagination)`],
    ['a rule it does not name', ` * codes (docs/api${dot}md, Imported codes).`],
    ['a section misspelt', `// docs/api${dot}md: The gallerys arguments, and Bodies`],
  ])('it would find %s', (_what, line) => {
    expect(unknownRules(`first line (docs/api${dot}md, Bodies)\n${line}\nlast line`, names).map((citation) => citation.line)).toEqual([2]);
  });

  test.each([
    ['a section and a topic of it', '// (docs/api.md, Errors: status per code; the gallery’s arguments)'],
    ['a name ending a sentence, a comment or a quoted test name', "/** as docs/api.md, Containers. */ test('of docs/api.md, Bodies', f)"],
    ['a rule by its bold name, cut at its colon', '// docs/api.md, Views: every visit'],
    ['two sections', '// (docs/api.md, Headers and Retirement)'],
    ['a typographic apostrophe', '// (docs/api.md, The gallery’s arguments: `sort`)'],
    ['a citation in lower case, a sentence and not a name', '// as docs/api.md, in its examples, says'],
  ])('it would leave %s alone', (_what, line) => {
    expect(unknownRules(line, names)).toEqual([]);
  });

  test.each([
    ['a file that was moved', 'test/integration/x', `/** The latest date (lib/gallery/items${dot}ts MAX_DATE). */`],
    ['a doc that is not there', 'lib/x', `// (docs/rules${dot}md, Views)`],
    ['a test file that is not there', 'docs/x', `\`test/unit/no-such${dot}test${dot}ts\` holds it.`],
    ['a path from the current folder', 'lib/http/x', `// what ${dot}/no-such${dot}ts says`],
    ['a file of the right name in another folder', 'lib/http/x', `// MAX_DATE (lib/layout${dot}ts)`],
    ['a made-up path outside the test that makes it up', 'test/static/x', `['infra/low/a${dot}ts']`],
  ])('it would find %s', (_what, file, line) => {
    expect(linesOf(missingPaths(file, `first line lib/gallery/layout.ts\n${line}\nlast line`))).toEqual([2]);
  });

  test.each([
    ['a path from the root', 'test/unit/x', '// MAX_DATE of lib/gallery/layout.ts, as docs/api.md says (docs/api.md#retirement)'],
    ['a path from the current folder', 'lib/x', `// a fresh copy of ${dot}/config${dot}ts, as lib/retirement-schedule.ts reads it`],
    ['a path from the root, as jest and esbuild read it', 'docs/x', '`@jest-environment ./test/support/node-errors-environment.ts`'],
    ['a path from the file’s folder, as a README lists its folder', 'infra/README.md', `| \`npm run docs\` | \`docs/main${dot}ts\` |`],
    ['a folder, a glob, a module without extension', 'docs/x', '`lib/gallery/`, `test/unit/*.test.ts`, `lib/gallery/layout`'],
    ['a path inside a longer one, or a URL', 'docs/x', 'node_modules/x/lib/index.js and https://example.org/a/docs/b.md'],
    ['a made-up path in the test that makes it up', 'test/static/import-cycles.test.ts', `['infra/low/a${dot}ts']`],
  ])('it would leave %s alone', (_what, file, line) => {
    expect(missingPaths(file, line)).toEqual([]);
  });
});
