/**
 * The house's shape, as infra/README.md and the README's code map describe it: the top level
 * holds what the design lists, every developer command has a folder of its own under infra/
 * with a main.ts that infra/README.md names, and nothing sits loose directly under infra/.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
const infraReadme = readFileSync('infra/README.md', 'utf8');

test('the top level holds the shipped code, the developer tools, the tests, the docs and their configuration only', () => {
  const top = [...new Set(tracked.map((file) => file.split('/')[0]!))].sort();
  expect(top).toEqual(
    [
      ...['functions', 'lib', 'template.yaml', 'samconfig.toml', 'events', 'infra', 'test', 'docs', 'README.md'],
      ...['.ci', '.github', '.gitignore', 'biome.jsonc', 'jest.config.cjs', 'package-lock.json', 'package.json', 'tsconfig.json'],
    ].sort(),
  );
});

test('nothing but its README sits directly under infra/: every file is in a command or shared folder', () => {
  const loose = readdirSync('infra', { withFileTypes: true }).filter((entry) => !entry.isDirectory() && entry.name !== 'README.md');
  expect(loose.map((entry) => entry.name)).toEqual([]);
});

// Every tsx script of package.json starts a main.ts in a folder of its own, and infra/README.md
// names the script and that file in one table row.
const commands = Object.entries(scripts).flatMap(([name, line]) => {
  const entry = /^tsx infra\/(.+)$/.exec(line)?.[1];
  return entry === undefined ? [] : [[name, entry] as const];
});

test('the developer commands are the fourteen tsx scripts', () => {
  expect(commands.map(([name]) => name).sort()).toEqual([
    ...['audit', 'bench', 'build', 'cost', 'docs', 'export', 'gallery'],
    ...['import', 'load', 'scale', 'seed', 'shorturls', 'smoke', 'start'],
  ]);
});

test.each(commands)('npm run %s starts infra/%s, a main.ts named in infra/README.md', (name, entry) => {
  // A main.ts, with the subcommand of a command line that has several (infra/ops/gallery/main.ts import).
  expect(entry).toMatch(/^([a-z]+\/)+main\.ts( [a-z]+)?$/);
  const invocation = name === 'start' ? '`npm start`' : new RegExp(`\`npm run ${name}( -- [A-Z]+)?\``);
  const row = infraReadme.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${entry}\``));
  expect(row).toBeDefined();
  expect(row).toMatch(invocation);
});
