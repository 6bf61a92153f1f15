/**
 * Every function against its floor (../yardsticks/static-floor.ts or database-floor.ts: what
 * the design requires, with nothing of the project): bundle size and cold start at TARGET_MB as
 * multiples of the floor's, a DynamoDB function's requests and their cold start on the floor
 * (../yardsticks/request-floor.ts), the bytes it holds beyond the floor, package by package,
 * and where its extra cold-start time goes (import() or the first answer). The targets hold
 * these figures (../report/target-limits.ts).
 */
import type { Metafile } from 'esbuild';
import { bytesByPackage } from '../../../bundle/esbuild';
import { kb, log, ms, ratio, signedMs, table } from '../report/output';
import { coldFigure, floorOf, TARGET_MB } from '../report/target-limits';
import type { RequestFloors } from './request-floors';
import type { Subject, Subjects } from '../setup/subjects';
import { describeScript, requestsOf } from '../yardsticks/request-script';
import type { ColdStarts } from './cold-start';

/** Bytes per package that `bundle` holds beyond `floor` (a tenth of a KB at least), largest first. */
function bytesBeyond(bundle: Metafile, floor: Metafile): { name: string; bytes: number }[] {
  const theirs = new Map(bytesByPackage(floor).map((p) => [p.name, p.bytes]));
  return bytesByPackage(bundle)
    .map((p) => ({ name: p.name, bytes: p.bytes - (theirs.get(p.name) ?? 0) }))
    .filter((p) => p.bytes >= 103)
    .sort((a, b) => b.bytes - a.bytes);
}

export function floorsSection(subjects: Subjects, requestFloors: RequestFloors, cold: ColdStarts): void {
  log(`== Functions against their floors: bundle size and cold start at ${TARGET_MB} MB ==`);
  const totalOf = (s: Subject) => cold.get(s.id)!.totalNs;
  const rows = subjects.functions.map((s) => {
    const limits = floorOf(subjects, s, requestFloors);
    const { floor, requestFloor, bytesLimit, coldLimit } = limits;
    const [own, base] = [cold.get(s.id)!, cold.get(floor.id)!];
    return [
      s.id,
      floor.id,
      kb(s.bytes),
      `${ratio(s.bytes, floor.bytes)} (≤ ${bytesLimit})`,
      ms(own.totalNs),
      ratio(own.totalNs, base.totalNs),
      requestFloor === undefined ? '' : ms(totalOf(requestFloor)),
      `${coldFigure(totalOf, s, limits).toFixed(2)} (≤ ${coldLimit})`,
      signedMs(own.importNs - base.importNs),
      signedMs(own.firstNs - base.firstNs),
    ];
  });
  log(
    table(
      [
        'Function',
        'floor',
        'Raw KB',
        '× floor',
        'Cold ms',
        '× floor',
        'its requests ms',
        'target figure',
        'import() beyond',
        '1st answer beyond',
      ],
      rows,
    ),
  );
  log(
    `(The target figure: × floor for a function without DynamoDB; for the others, the cold start less its requests' on ${subjects.databaseFloor.id}, ÷ ${subjects.databaseFloor.id}'s.) The requests each DynamoDB function sent, in rounds:`,
  );
  for (const [id, { script }] of requestFloors) log(`  ${id}: ${requestsOf(script)}: ${describeScript(script)}`);
  log("(Beyond: differences of the runs' middle-half means, ms.) What each bundle holds beyond its floor (KB):");
  for (const s of subjects.functions) {
    const { floor } = floorOf(subjects, s, requestFloors);
    const beyond = bytesBeyond(s.metafile, floor.metafile);
    const total = beyond.reduce((sum, p) => sum + p.bytes, 0);
    log(`  ${s.id}: ${kb(total)}: ${beyond.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ')}`);
  }
  log();
}
