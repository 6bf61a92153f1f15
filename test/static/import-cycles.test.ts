/**
 * The import graph (dpdm, type-only imports included): no cycle anywhere in the project, and
 * nothing in lib/ reaches up into infra/, functions/ or test/.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

const ROOT = join(__dirname, '../..');
const SOURCES = ['functions/**/*.ts', 'lib/**/*.ts', 'infra/**/*.ts', 'test/**/*.ts'];

const graphOf = (entries: string[], cwd: string): Promise<DependencyTree> =>
  parseDependencyTree(entries, {
    cwd,
    context: cwd,
    tsconfig: join(ROOT, 'tsconfig.json'),
    transform: false,
    include: /\.ts$/,
    exclude: /node_modules/,
  });

let project: DependencyTree;
beforeAll(async () => {
  project = await graphOf(SOURCES, ROOT);
}, 60_000);

test('the graph holds every source folder', () => {
  const folders = new Set(Object.keys(project).map((file) => relative(ROOT, join(ROOT, file)).split('/')[0]));
  expect([...folders].sort()).toEqual(expect.arrayContaining(['functions', 'infra', 'lib', 'test']));
  expect(Object.keys(project).length).toBeGreaterThan(150);
});

test('no import cycle', () => {
  expect(parseCircular(project)).toEqual([]);
});

test('lib/ imports nothing from infra/, functions/ or test/', () => {
  const upward = Object.entries(project)
    .filter(([file]) => file.startsWith('lib/'))
    .flatMap(([file, dependencies]) =>
      (dependencies ?? []).filter((d) => d.id !== null && /^(infra|functions|test)\//.test(d.id)).map((d) => `${file} → ${d.id}`),
    );
  expect(upward).toEqual([]);
});

test('a cycle, type-only imports included, is found', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cycle-'));
  try {
    writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport interface A { b?: B }\n");
    writeFileSync(join(dir, 'b.ts'), "import type { A } from './a';\nexport interface B { a?: A }\n");
    expect(parseCircular(await graphOf(['a.ts'], dir))).toEqual([['a.ts', 'b.ts']]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
