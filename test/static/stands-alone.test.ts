/**
 * The repository stands alone: no tracked file cites a document it does not hold. The rules are
 * stated in docs/api.md (the choices behind them in docs/design-notes.md), so a comment, a test
 * name or a doc cites those by section or by the rule's name, never an outside decisions file,
 * the numbered sections of an outside specification, or a path that leaves the repository: a
 * reader who clones it must be able to follow every citation. Binary files and package-lock.json
 * (which names packages, not documents) are not read. That every relative markdown link resolves,
 * to a file and a heading of the repository, is readme.test.ts's check.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';

/**
 * What a citation of an outside document looks like. The patterns are written with escapes and
 * character classes, so that this file, which names them, does not match them itself.
 */
const OUTSIDE_DOCUMENTS: ReadonlyArray<readonly [what: string, pattern: RegExp]> = [
  ['an outside decisions file', /\bdecisions\.md\b/i],
  ['an outside specification file', /\bsocial-news-read-api\.md\b/i],
  ['the folder of the outside specification', /\bshared\/spec\b/i],
  // A folder beside the repository, however deep the file that names it (none of the repository
  // is called so), since a path in a comment is often written from the root, not from the file.
  ['the shared folder beside the repository', /(?:\.\.\/)+shared\//],
  ['a numbered section of an outside specification', /\bspec(?:'s|’s)?\s+(?:section\s+)?\d/i],
  ['a numbered section', /\bsection\s+\d+\.\d/i],
  ['a section sign', /\u00a7/],
];

/** Relative paths (`../x`) as written in code, comments and links: where they lead is worked out from the file. */
const CLIMBING_PATH = /(?<![\w.])((?:\.\.\/)+)([\w.@+-]*)/g;

interface Citation {
  readonly line: number;
  readonly what: string;
  readonly text: string;
}

/** The outside citations in `text`, the content of the tracked file `file` (a path from the repository's root). */
function outsideCitations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const [what, pattern] of OUTSIDE_DOCUMENTS) if (pattern.test(line)) found.push({ line: index + 1, what, text: line.trim() });
    for (const match of line.matchAll(CLIMBING_PATH)) {
      const target = posix.normalize(posix.join(posix.dirname(file), `${match[1]}${match[2]}`));
      if (target === '..' || target.startsWith('../'))
        found.push({ line: index + 1, what: `a path outside the repository (${match[0]})`, text: line.trim() });
    }
  });
  return found;
}

/** Whether a file's bytes are binary, as git tells: a NUL among its first 8 000 bytes. */
const isBinary = (bytes: Buffer): boolean => bytes.subarray(0, 8000).includes(0);

const tracked = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' })
  .split('\0')
  .filter((file) => file !== '' && file !== 'package-lock.json' && existsSync(file));

/** Each text file of the repository with its content. */
const texts = tracked.flatMap((file) => {
  const bytes = readFileSync(file);
  return isBinary(bytes) ? [] : [[file, bytes.toString('utf8')] as const];
});

describe('the repository stands alone', () => {
  test('it is read whole: the source, the tests and the docs, but no binary file', () => {
    const read = texts.map(([file]) => file);
    expect(read).toEqual(
      expect.arrayContaining(['README.md', 'docs/api.md', 'docs/openapi.yaml', 'lib/catalog/errors.ts', 'template.yaml']),
    );
    expect(read).not.toContain('docs/api-docs.png');
    expect(read.length).toBeGreaterThan(300);
  });

  test('no tracked file cites an outside document, a numbered section of one, or a path outside the repository', () => {
    const citations = texts.flatMap(([file, text]) =>
      outsideCitations(file, text).map((citation) => `${file}:${citation.line}: ${citation.what}: ${citation.text}`),
    );
    expect(citations).toEqual([]);
  });

  // The samples are put together from parts, so that this file does not cite what it looks for.
  const dot = '.';
  const space = ' ';
  test.each([
    ['a decisions file', 'test/x.test.ts', `// (decisions${dot}md, Status per code)`],
    ['a decisions file in a test name', 'test/x.test.ts', `describe('DECISIONS${dot}MD, Views', () => {`],
    ['the outside specification by name', 'docs/x.md', `As social-news-read-api${dot}md says.`],
    ['the outside specification folder', 'README.md', `See /work/shared${'/'}spec for the rules.`],
    ['a spec section number', 'lib/x.ts', `/** The four sorts of spec${space}4${dot}4. */`],
    ['a spec section, spelled out', 'lib/x.ts', `/** Spec section${space}2, in listing order. */`],
    ['a spec section with the possessive', 'test/x.ts', `// Spec's${space}7${dot}3 codes`],
    ['a bare numbered section', 'docs/openapi.yaml', `The error catalogue of section 7${dot}3.`],
    ['a section sign', 'docs/x.md', `See ${String.fromCharCode(0xa7)}4.`],
    ['a path that leaves the repository', 'README.md', `Read [the rules](${dot}./notes/rules.md).`],
    ['a deeper path that leaves it', 'lib/http/x.ts', `// see ${dot}./${dot}./${dot}./notes/x.md`],
    ['the shared folder named from deep inside', 'docs/x.md', `the rules in ${dot}./shared/rules.md`],
  ])('it would find %s', (_what, file, line) => {
    const found = outsideCitations(file, `first line\n${line}\nlast line`);
    expect(new Set(found.map((citation) => citation.line))).toEqual(new Set([2]));
  });

  test.each([
    ['a citation of docs/api.md', 'lib/x.ts', "// (docs/api.md, Errors: status per code; the gallery's arguments)"],
    ['a path that climbs but stays inside', 'docs/data.md', '[`lib/gallery/layout.ts`](../lib/gallery/layout.ts)'],
    ['an import from a test folder', 'test/integration/hostile-input/x.test.ts', "import { CATALOGUE } from '../../support/expect-error';"],
    ['an RFC section', 'docs/design-notes.md', 'as RFC 9112 (3.2.2) requires'],
    ['a spec that is no document', 'infra/gallery/x.ts', 'const spec = { now, seed }; loadSample(spec, 42);'],
  ])('it would leave %s alone', (_what, file, line) => {
    expect(outsideCitations(file, line)).toEqual([]);
  });
});
