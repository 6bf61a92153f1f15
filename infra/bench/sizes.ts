/**
 * Bundle size: every subject's bundle, raw and gzip -9 (an estimate of the zip Lambda takes),
 * against the size target, and, where a function without DynamoDB is over it, what the largest
 * such bundle holds: bytes per package and its largest inputs (esbuild's metafile).
 */
import { bytesByPackage, topInputs } from '../bundle';
import { kb, log, passFail, table } from './output';
import type { Subjects } from './subjects';
import { TARGETS } from './targets';

export function sizesSection({ all, statics, baseline, docClient }: Subjects): void {
  log('== Bundle size (esbuild with each function\'s template.yaml BuildProperties; gzip -9 estimates the zip) ==');
  log(
    table(
      ['Function', 'Raw KB', 'Gzip -9 KB', `< ${kb(TARGETS.bundleBytes)} KB`],
      all.map((s) => [s.id, kb(s.bytes), kb(s.gzipBytes), s.kind === 'function' ? passFail(s.bytes < TARGETS.bundleBytes) : '-']),
    ),
  );
  log(`${baseline.id}: infra/bench/baseline.ts. ${docClient.id}: infra/bench/doc-client.ts, lib/db/client.ts's DynamoDB document client, a handler doing one GetItem`);
  log('and the bench\'s bare UpdateItem and Query; nothing else of the project.');
  log();

  const largest = statics.filter((s) => s.bytes >= TARGETS.bundleBytes).sort((a, b) => b.bytes - a.bytes)[0];
  if (largest) {
    log(`What ${largest.id}'s ${kb(largest.bytes)} KB holds (esbuild metafile, bytes in output; the other functions without DynamoDB differ only in their entry):`);
    log(table(['Package', 'KB', 'Share'], bytesByPackage(largest.metafile).map((p) => [p.name, kb(p.bytes), `${((100 * p.bytes) / largest.bytes).toFixed(1)} %`])));
    log();
    log(table(['Top inputs', 'KB'], topInputs(largest.metafile, 10).map((t) => [t.input, kb(t.bytes)])));
    log();
  }
}
