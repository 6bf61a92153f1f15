/**
 * jest's Node environment with PHP's own unserialize() at hand, as the global `unserializeWithPhp`
 * that ./parsers.ts calls. PHP runs in a worker thread (./php-worker.mjs) that synckit calls
 * synchronously, so that checking a body stays one plain call.
 *
 * Why here: jest gives each test file a fresh realm and module registry, so PHP kept by a test
 * file's module would load again for every test file (about a second each). jest loads its
 * environment with Node's own require, once per jest process: kept in this module, PHP loads
 * once per jest process, on the first body a test asks about, and never for files that ask none.
 */
import { resolve } from 'node:path';
import { TestEnvironment } from 'jest-environment-node';
import { createSyncFn } from 'synckit';

declare global {
  /** Runs ./unserialize.php on its JSON input; answers with the JSON it writes. */
  var unserializeWithPhp: ((input: string) => string) | undefined;
}

let runUnserializePhp: ((input: string) => string) | undefined;

export default class PhpEnvironment extends TestEnvironment {
  constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
    super(...args);
    this.global.unserializeWithPhp = (input: string): string => {
      runUnserializePhp ??= createSyncFn(resolve(__dirname, 'php-worker.mjs'));
      return runUnserializePhp(input);
    };
  }
}
