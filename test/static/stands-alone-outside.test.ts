/**
 * The repository stands alone, so that a reader who clones it can follow every citation: nothing cites an outside
 * document, a numbered section of one, or a path that leaves the repository. Paths of its own:
 * stands-alone-paths.test.ts; rules: stands-alone-rules.test.ts; links: readme.test.ts.
 */
import { posix } from 'node:path';
import { type Citation, inEveryFile, linesOf, perLine, texts } from '../support/citations';

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

/** The outside citations in `text`, the content of the tracked file `file` (a path from the repository's root). */
function outsideCitations(file: string, text: string): Citation[] {
  const leaves = ([, climb, rest]: RegExpMatchArray) =>
    /^\.\.(\/|$)/.test(posix.normalize(posix.join(posix.dirname(file), `${climb}${rest}`)));
  return perLine(text, (line) => [
    ...OUTSIDE_DOCUMENTS.flatMap(([what, pattern]) => (pattern.test(line) ? [what] : [])),
    ...[...line.matchAll(CLIMBING_PATH)].filter(leaves).map(([path]) => `a path outside the repository (${path})`),
  ]);
}

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
});
