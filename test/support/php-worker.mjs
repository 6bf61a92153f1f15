/**
 * PHP's own unserialize() and serialize() without php-cli: PHP 8.2 in WebAssembly (@php-wasm/node-8-2, loaded by @php-wasm/universal from
 * the package's files, no download) runs ./unserialize.php on the JSON it reads, answering the JSON it writes. A worker thread, so that
 * ./php-environment.ts calls it synchronously (synckit), PHP loaded once a process; plain JavaScript: @php-wasm/node-8-2 has no types.
 */
import { readFileSync } from 'node:fs';
import { getPHPLoaderModule } from '@php-wasm/node-8-2';
import { loadPHPRuntime, PHP } from '@php-wasm/universal';
import { runAsWorker } from 'synckit';

const code = readFileSync(new URL('unserialize.php', import.meta.url), 'utf8');
const php = new PHP(await loadPHPRuntime(await getPHPLoaderModule()));

runAsWorker(async (input) => {
  const response = await php.runStream({ code, body: new TextEncoder().encode(input) });
  const [exitCode, output, errors] = await Promise.all([response.exitCode, response.stdoutText, response.stderrText]);
  if (exitCode !== 0) throw new Error(`unserialize.php exited with ${exitCode}: ${errors}`);
  return output;
});
