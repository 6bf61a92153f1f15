/**
 * Bundle size: every subject's bundle, raw and gzip -9 (an estimate of the zip Lambda takes),
 * against the size target, and, where a function without DynamoDB is over it, what the largest
 * such bundle holds: bytes per package and its largest inputs (esbuild's metafile).
 */
import { bytesByPackage, topInputs } from '../../bundle/esbuild';
import { beginSection, kb, log, passFail, table } from './output';
import type { Subjects } from './subjects';
import { TARGETS } from './target-limits';

export function sizesSection({ all, statics, baseline, docClient, staticFloor, databaseFloor }: Subjects): void {
  const record = beginSection('Bundle size', "esbuild with each function's template.yaml BuildProperties; gzip -9 estimates the zip");
  const measured = [...all, staticFloor, databaseFloor];
  for (const s of measured) {
    record({
      name: 'bundle size, raw',
      subject: s.id,
      median: s.bytes,
      unit: 'bytes',
      baseline: { subject: baseline.id, median: baseline.bytes },
    });
    record({
      name: 'bundle size, gzip -9',
      subject: s.id,
      median: s.gzipBytes,
      unit: 'bytes',
      baseline: { subject: baseline.id, median: baseline.gzipBytes },
    });
  }
  log(
    table(
      ['Function', 'Raw KB', 'Gzip -9 KB', `static < ${kb(TARGETS.staticBundleBytes)} KB`],
      measured.map((s) => [s.id, kb(s.bytes), kb(s.gzipBytes), statics.includes(s) ? passFail(s.bytes <= TARGETS.staticBundleBytes) : '-']),
    ),
  );
  log(
    `${baseline.id}: infra/perf/bench/baseline.ts. ${docClient.id}: infra/perf/bench/doc-client.ts, lib/db/client.ts's DynamoDB document client, a handler doing one GetItem`,
  );
  log("and the bench's bare UpdateItem and Query; nothing else of the project. The floors: what the design requires and nothing of the");
  log(
    `project (infra/perf/bench/required-parts.ts: middy, Powertools' Logger and Metrics with their middlewares), ${staticFloor.id} with XMLBuilder, ${databaseFloor.id} with the document client.`,
  );
  log();

  const largest = statics.filter((s) => s.bytes > TARGETS.staticBundleBytes).sort((a, b) => b.bytes - a.bytes)[0];
  if (largest) {
    log(
      `What ${largest.id}'s ${kb(largest.bytes)} KB holds (esbuild metafile, bytes in output; the other functions without DynamoDB differ only in their entry):`,
    );
    const packages = bytesByPackage(largest.metafile);
    const inputs = topInputs(largest.metafile, 10);
    for (const p of packages) record({ name: `bytes of package ${p.name}`, subject: largest.id, median: p.bytes, unit: 'bytes' });
    for (const t of inputs) record({ name: `bytes of input ${t.input}`, subject: largest.id, median: t.bytes, unit: 'bytes' });
    log(
      table(
        ['Package', 'KB', 'Share'],
        packages.map((p) => [p.name, kb(p.bytes), `${((100 * p.bytes) / largest.bytes).toFixed(1)} %`]),
      ),
    );
    log();
    log(
      table(
        ['Top inputs', 'KB'],
        inputs.map((t) => [t.input, kb(t.bytes)]),
      ),
    );
    log();
  }
}
