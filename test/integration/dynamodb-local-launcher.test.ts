/**
 * How DynamoDB Local's launcher (infra/dynamodb/LoopbackDynamoDBLocal.java) is run: compiled once
 * into a cache and started from the class, which saves Java compiling the source at every start;
 * run from the source where it cannot be compiled. Each test has a cache of its own.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { bundledRelease, launcherArguments } from '../../infra/dynamodb/local';

const caches: string[] = [];
const cache = () => {
  const path = mkdtempSync(join(tmpdir(), 'launcher-cache-'));
  caches.push(path);
  return path;
};
// javac's own JVM with Java's quick compiler only: a compile is too short for the other to pay.
const toolOptions = process.env.JAVA_TOOL_OPTIONS;
beforeAll(() => {
  process.env.JAVA_TOOL_OPTIONS = '-XX:TieredStopAtLevel=1';
});
afterAll(() => {
  if (toolOptions === undefined) delete process.env.JAVA_TOOL_OPTIONS;
  else process.env.JAVA_TOOL_OPTIONS = toolOptions;
  for (const path of caches) rmSync(path, { recursive: true, force: true });
});

test('the launcher is compiled once into the cache, and started from its class', () => {
  const directory = cache();
  const first = launcherArguments(undefined, directory);
  const [version] = readdirSync(directory);
  const compiled = join(directory, version!, 'LoopbackDynamoDBLocal.class');
  expect([first[0], first[1]!.startsWith(`${join(directory, version!)}:`), first[2]]).toEqual(['-cp', true, 'LoopbackDynamoDBLocal']);
  const compiledAt = statSync(compiled).mtimeMs;
  expect(launcherArguments(undefined, directory)).toEqual(first);
  expect(statSync(compiled).mtimeMs).toBe(compiledAt);
  // Nothing half-made is left beside it.
  expect(readdirSync(directory)).toEqual([version]);
});

test('another release of DynamoDB Local gets a class of its own', () => {
  const directory = cache();
  // This release's class, as compiled for the run's DynamoDB Local, copied in: one compile the fewer.
  const [, classPath, main] = launcherArguments();
  expect(main).toBe('LoopbackDynamoDBLocal');
  const compiled = classPath!.split(':')[0]!;
  cpSync(compiled, join(directory, basename(compiled)), { recursive: true });
  expect(launcherArguments(undefined, directory)[1]).toBe(
    `${join(directory, basename(compiled))}:${classPath!.slice(compiled.length + 1)}`,
  );
  const [ours] = readdirSync(directory);
  // The same jars under another name stand for another release.
  const other = join(cache(), 'dynamodb_local_other');
  symlinkSync(bundledRelease(), other);
  const args = launcherArguments(other, directory);
  const versions = readdirSync(directory);
  expect([versions.length, versions.includes(ours!)]).toEqual([2, true]);
  expect(args[1]!.startsWith(join(directory, versions.find((version) => version !== ours)!))).toBe(true);
});

test('without javac, Java runs the launcher from its source', () => {
  const directory = cache();
  const args = launcherArguments(undefined, directory, 'no-such-javac');
  expect(args[2]).toMatch(/infra\/dynamodb\/LoopbackDynamoDBLocal\.java$/);
  expect(args[1]).not.toContain(directory);
  expect(readdirSync(directory)).toEqual([]);
});
