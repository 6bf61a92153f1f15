/** jest's Node environment with PHP's unserialize() as global `unserializeWithPhp`, a worker (./php-worker.mjs) loaded once a process. */
import { resolve } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';
import { createSyncFn } from 'synckit';
import { fileCpuLog } from './cpu-log';

declare global {
  /** Runs ./unserialize.php on its JSON input; answers with the JSON it writes. */
  var unserializeWithPhp: ((input: string) => string) | undefined;
}

let runUnserializePhp: ((input: string) => string) | undefined;

export default class PhpEnvironment extends TestEnvironment {
  /** TEST_CPU_LOG=FILE: a line per test file of where its CPU went (./cpu-log.ts). */
  private readonly cpuLog;

  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.cpuLog = fileCpuLog(args[1].testPath);
    this.global.unserializeWithPhp = (input: string): string => {
      runUnserializePhp ??= createSyncFn(resolve(__dirname, 'php-worker.mjs'));
      return runUnserializePhp(input);
    };
  }

  override async teardown(): Promise<void> {
    await super.teardown();
    this.cpuLog?.end();
  }
}
