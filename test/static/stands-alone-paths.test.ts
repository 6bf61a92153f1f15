/**
 * The repository stands alone: every path of it a tracked file names (`lib/…`, `./…`) is a file it holds, read
 * from the root or from the file's folder, so that a reader who clones it can follow every citation.
 */
import { existsSync } from 'node:fs';
import { posix } from 'node:path';
import { type Citation, inEveryFile, linesOf, perLine } from '../support/citations';

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

describe('the repository stands alone', () => {
  // Samples put together from parts, so that this file does not name what it looks for.
  const dot = '.';

  test('every path of the repository a tracked file names is a file it holds', () => {
    expect(inEveryFile(missingPaths)).toEqual([]);
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
