/**
 * Bundle size: every subject's bundle, raw and gzip -9 (an estimate of the zip Lambda takes),
 * each function's against its floor's (the targets: ../report/target-limits.ts), and what the
 * largest function without DynamoDB holds: bytes per package and its largest inputs (esbuild's
 * metafile).
 */
import { bytesByPackage, topInputs } from '../../../bundle/esbuild';
import { beginSection, kb, log, ratio, table } from '../report/output';
import { floorOf } from '../report/target-limits';
import type { Subjects } from '../setup/subjects';

export function sizesSection(subjects: Subjects): void {
  const { all, statics, baseline, staticFloor, databaseFloor } = subjects;
  const record = beginSection('Bundle size', "esbuild with each function's template.yaml BuildProperties; gzip -9 estimates the zip");
  const measured = [...all, staticFloor, databaseFloor];
  for (const s of measured) {
    // A function's bytes against its floor's; the yardsticks stand alone.
    const floor = s.kind === 'function' ? floorOf(subjects, s).floor : undefined;
    for (const [name, bytes] of [
      ['bundle size, raw', (x: typeof s) => x.bytes],
      ['bundle size, gzip -9', (x: typeof s) => x.gzipBytes],
    ] as const) {
      const against = floor === undefined ? {} : { baseline: { subject: floor.id, median: bytes(floor) } };
      record({ name, subject: s.id, median: bytes(s), unit: 'bytes', ...against });
    }
  }
  log(
    table(
      ['Function', 'Raw KB', 'Gzip -9 KB', 'floor', '× floor (limit)'],
      measured.map((s) => {
        if (s.kind !== 'function') return [s.id, kb(s.bytes), kb(s.gzipBytes), '-', '-'];
        const { floor, bytesLimit } = floorOf(subjects, s);
        return [s.id, kb(s.bytes), kb(s.gzipBytes), floor.id, `${ratio(s.bytes, floor.bytes)} (${bytesLimit})`];
      }),
    ),
  );
  log(`${baseline.id}: infra/perf/bench/yardsticks/baseline.ts. The floors: what the design requires and nothing of the project`);
  log(
    `(infra/perf/bench/yardsticks/required-parts.ts: middy, Powertools' Logger and Metrics with their middlewares), ${staticFloor.id} with XMLBuilder, ${databaseFloor.id} with`,
  );
  log("lib/db/client.ts's document client and a handler doing one GetItem.");
  log();

  const largest = [...statics].sort((a, b) => b.bytes - a.bytes)[0];
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
