/** `npm run build`: bundles every function as `sam build` does and prints each bundle's size (gzip -9: about the zip's). */
import { relative } from 'node:path';
import { buildFunctions } from '../bundle/esbuild';
import { kb, table } from '../perf/report/tables';
import { PROJECT_ROOT } from '../template/read';

try {
  const started = performance.now();
  const built = await buildFunctions();
  const rows = built.map((b) => [b.id, relative(PROJECT_ROOT, b.file), kb(b.bytes), kb(b.gzipBytes)]);
  console.log(table(['Function', 'Bundle', 'Raw KB', 'Gzip -9 KB'], rows));
  console.log(
    `\nBuilt ${built.length} functions in ${Math.round(performance.now() - started)} ms (esbuild, settings from template.yaml BuildProperties).`,
  );
} catch (error) {
  // esbuild has printed its errors.
  console.error(`Build failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  process.exitCode = 1;
}
