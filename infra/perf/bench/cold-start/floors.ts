/**
 * Every function against its floor (../yardsticks/static-floor.ts or database-floor.ts: what
 * the design requires, with nothing of the project): bundle size and cold start at TARGET_MB as
 * multiples of the floor's, the bytes it holds beyond the floor, package by package, and where
 * its extra cold-start time goes (import() or the first answer). The targets hold these ratios
 * (../report/target-limits.ts).
 */
import type { Metafile } from 'esbuild';
import { bytesByPackage } from '../../../bundle/esbuild';
import { beginSection, kb, log, ms, ratio, signedMs, table } from '../report/output';
import { floorOf, TARGET_MB } from '../report/target-limits';
import type { Subjects } from '../setup/subjects';
import type { ColdStarts } from './cold-start';

/** Bytes per package that `bundle` holds beyond `floor` (a tenth of a KB at least), largest first. */
function bytesBeyond(bundle: Metafile, floor: Metafile): { name: string; bytes: number }[] {
  const theirs = new Map(bytesByPackage(floor).map((p) => [p.name, p.bytes]));
  return bytesByPackage(bundle)
    .map((p) => ({ name: p.name, bytes: p.bytes - (theirs.get(p.name) ?? 0) }))
    .filter((p) => p.bytes >= 103)
    .sort((a, b) => b.bytes - a.bytes);
}

export function floorsSection(subjects: Subjects, cold: ColdStarts): void {
  const record = beginSection(
    'Functions against their floors',
    `bundle size and cold start at ${TARGET_MB} MB (the mean of the middle half of its runs) as multiples of the floor's: ${subjects.staticFloor.id} for the functions without DynamoDB, ${subjects.databaseFloor.id} for the others`,
  );
  const rows = subjects.functions.map((s) => {
    const { floor, bytesLimit, coldLimit } = floorOf(subjects, s);
    const [own, base] = [cold.get(s.id)!, cold.get(floor.id)!];
    record({
      name: 'cold start',
      subject: s.id,
      median: own.totalNs,
      unit: 'ns',
      baseline: { subject: floor.id, median: base.totalNs },
    });
    return [
      s.id,
      floor.id,
      kb(s.bytes),
      `${ratio(s.bytes, floor.bytes)} (≤ ${bytesLimit})`,
      ms(own.totalNs),
      `${ratio(own.totalNs, base.totalNs)} (≤ ${coldLimit})`,
      signedMs(own.importNs - base.importNs),
      signedMs(own.firstNs - base.firstNs),
    ];
  });
  log(table(['Function', 'floor', 'Raw KB', '× floor', 'Cold ms', '× floor', 'import() beyond', '1st answer beyond'], rows));
  log("(Beyond: differences of the runs' middle-half means, ms.) What each bundle holds beyond its floor (KB):");
  for (const s of subjects.functions) {
    const { floor } = floorOf(subjects, s);
    const beyond = bytesBeyond(s.metafile, floor.metafile);
    const total = beyond.reduce((sum, p) => sum + p.bytes, 0);
    record({ name: 'bytes beyond its floor', subject: s.id, median: total, unit: 'bytes' });
    log(`  ${s.id}: ${kb(total)}: ${beyond.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ')}`);
  }
  log();
}
