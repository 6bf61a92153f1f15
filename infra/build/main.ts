/**
 * `npm run build`: bundles every function as `sam build` does and prints each bundle's size
 * (raw, and gzip -9 as an estimate of the deployment zip).
 */
import { buildFunctions, sizeTable } from './bundle';

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
