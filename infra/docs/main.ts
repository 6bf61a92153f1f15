/** `npm run docs [-- DIR]`: writes the API's reference page (./page.ts) into DIR, by default dist/docs/. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDocsFiles } from './page';

const [directoryArgument, ...rest] = process.argv.slice(2);
if (rest.length > 0) {
  console.error(`unexpected arguments: ${rest.join(' ')}\nusage: npm run docs [-- DIR]`);
  process.exit(2);
}
const directory = resolve(directoryArgument ?? 'dist/docs');
mkdirSync(directory, { recursive: true });
for (const [name, file] of apiDocsFiles()) {
  writeFileSync(join(directory, name), file.body);
  console.log(`${name.padEnd(22)} ${(Buffer.byteLength(file.body) / 1024).toFixed(0).padStart(6)} KB`);
}
console.log(`API reference written from docs/openapi.yaml: ${pathToFileURL(join(directory, 'index.html'))}`);
