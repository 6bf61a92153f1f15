/**
 * `npm run build`: bundles every function as `sam build` does and prints each bundle's size
 * (raw, and gzip -9 as an estimate of the deployment zip).
 */
import { relative } from 'node:path';
import { type BuiltFunction, buildFunctions } from '../bundle/esbuild';
import { kb, table } from '../perf/report/tables';
import { PROJECT_ROOT } from '../template/read';

function sizeTable(built: readonly BuiltFunction[]): string {
  return table(
    ['Function', 'Bundle', 'Raw KB', 'Gzip -9 KB'],
    built.map((b) => [b.id, relative(PROJECT_ROOT, b.file), kb(b.bytes), kb(b.gzipBytes)]),
  );
}

try {
  const started = performance.now();
  const built = await buildFunctions();
  console.log(sizeTable(built));
  console.log(
    `\nBuilt ${built.length} functions in ${Math.round(performance.now() - started)} ms (esbuild, settings from template.yaml BuildProperties).`,
  );
} catch (error) {
  // esbuild has already printed its errors (logLevel 'warning' prints errors too).
  console.error(`Build failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exitCode = 1;
}
