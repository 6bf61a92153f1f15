/**
 * The import graph (dpdm, type-only imports included): no cycle anywhere in the project, nothing
 * in lib/ reaches up into infra/, functions/ or test/, and the folders of infra/ import only the
 * folders on the lines below their own in infra/README.md's picture.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';

const ROOT = join(__dirname, '../..');
const SOURCES = ['functions/**/*.ts', 'lib/**/*.ts', 'infra/**/*.ts', 'test/**/*.ts'];

const OPTIONS = { tsconfig: join(ROOT, 'tsconfig.json'), transform: false, include: /\.ts$/, exclude: /node_modules/ };
const graphOf = (entries: string[], cwd: string): Promise<DependencyTree> =>
  parseDependencyTree(entries, { ...OPTIONS, cwd, context: cwd });

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
  const upward = Object.entries(project).flatMap(([file, dependencies]) =>
    file.startsWith('lib/')
      ? (dependencies ?? []).flatMap(({ id }) => (/^(infra|functions|test)\//.test(id ?? '') ? [`${file} → ${id}`] : []))
      : [],
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

/** infra/README.md's layers, from the ground up: each line of its picture, the folders it names. */
function infraLayers(): string[][] {
  const readme = readFileSync(join(ROOT, 'infra/README.md'), 'utf8');
  const picture = /## Which folder imports which\n[\s\S]*?```\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const folders = (line: string) => (/^(?:[a-z]+\/ )*[a-z]+\//.exec(line)?.[0] ?? '').split(' ').map((folder) => folder.slice(0, -1));
  return picture.trimEnd().split('\n').map(folders).reverse();
}

const infraFolder = (file: string) => /^infra\/([^/]+)\//.exec(file)?.[1];

/** The imports from one infra/ folder into another on the same line or higher, as `from → to (file → file)`. */
function importsNotDown(graph: DependencyTree, layers: readonly string[][]): string[] {
  const layerOf = new Map(layers.flatMap((folders, height) => folders.map((folder) => [folder, height] as const)));
  return Object.entries(graph).flatMap(([file, dependencies]) => {
    const from = infraFolder(file);
    if (from === undefined) return [];
    return (dependencies ?? []).flatMap(({ id }) => {
      const to = id === null ? undefined : infraFolder(id);
      if (to === undefined || to === from) return [];
      return layerOf.get(to)! < layerOf.get(from)! ? [] : [`${from} → ${to} (${file} → ${id})`];
    });
  });
}

test("infra/README.md's picture places every folder of infra/ that holds code, once", () => {
  const placed = infraLayers().flat();
  const folders = [...new Set(Object.keys(project).flatMap((file) => infraFolder(file) ?? []))];
  expect(placed.length).toBeGreaterThan(10);
  expect([...placed].sort()).toEqual([...new Set(placed)].sort());
  expect([...placed].sort()).toEqual(folders.sort());
});

test('every import between folders of infra/ points down the picture', () => {
  expect(importsNotDown(project, infraLayers())).toEqual([]);
});

test('an import to a folder on the same line or above is found', () => {
  const graph = {
    'infra/low/a.ts': [{ id: 'infra/high/b.ts' }],
    'infra/high/b.ts': [{ id: 'infra/low/a.ts' }, { id: 'infra/side/c.ts' }],
    'infra/side/c.ts': [{ id: 'infra/high/b.ts' }],
  } as unknown as DependencyTree;
  expect(importsNotDown(graph, [['low'], ['high', 'side']])).toEqual([
    'low → high (infra/low/a.ts → infra/high/b.ts)',
    'high → side (infra/high/b.ts → infra/side/c.ts)',
    'side → high (infra/side/c.ts → infra/high/b.ts)',
  ]);
});
