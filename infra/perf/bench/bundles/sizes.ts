/**
 * Bundle size: every subject's bundle, raw and gzip -9 (an estimate of the zip Lambda takes),
 * each function's against its floor's (the targets: ../report/target-limits.ts). What a bundle
 * holds beyond its floor, package by package, is in the floors' section.
 */
import { kb, log, ratio, table } from '../report/output';
import { floorOf } from '../report/target-limits';
import type { Subjects } from '../setup/subjects';

export function sizesSection(subjects: Subjects): void {
  const { all, staticFloor, databaseFloor } = subjects;
  log("== Bundle size: esbuild with each function's template.yaml BuildProperties; gzip -9 estimates the zip ==");
  log(
    table(
      ['Function', 'Raw KB', 'Gzip -9 KB', 'floor', '× floor (limit)'],
      [...all, staticFloor, databaseFloor].map((s) => {
        if (s.kind !== 'function') return [s.id, kb(s.bytes), kb(s.gzipBytes), '-', '-'];
        const { floor, bytesLimit } = floorOf(subjects, s);
        return [s.id, kb(s.bytes), kb(s.gzipBytes), floor.id, `${ratio(s.bytes, floor.bytes)} (${bytesLimit})`];
      }),
    ),
  );
  log();
}
