/**
 * The cold starts at TARGET_MB: every function's bundle and cold start as multiples of its
 * floor's, a DynamoDB function's requests and their cold start on the floor, and what its bundle
 * holds beyond the floor, package by package; the yardsticks beside them.
 */
import type { Metafile } from 'esbuild';
import { bytesByPackage } from '../../../bundle/esbuild';
import { log } from '../../report/console';
import { kb, ms, ratio, table } from '../../report/tables';
import { coldFigure, floorOf, TARGET_MB } from '../report/targets';
import { MB_PER_VCPU } from './cpu-cgroup';
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
  log(`== At ${TARGET_MB} MB (${(TARGET_MB / MB_PER_VCPU).toFixed(3)} of a CPU): every function against its floor, and the yardsticks ==`);
  const totalOf = (s: Subject) => cold.get(s.id)!.totalNs;
  const rows = [...subjects.all, subjects.staticFloor, subjects.databaseFloor].map((s) => {
    const own = cold.get(s.id)!;
    const measured = [kb(s.bytes), ms(own.importNs), ms(own.firstNs), ms(own.totalNs), ms(own.processNs), kb(own.maxRssKb)];
    if (s.kind !== 'function') return [s.id, '', ...measured, '', '', '', ''];
    const limits = floorOf(subjects, s, requestFloors);
    const { floor, requestFloor, bytesLimit, coldLimit } = limits;
    return [
      s.id,
      floor.id,
      ...measured,
      `${ratio(s.bytes, floor.bytes)} (≤ ${bytesLimit})`,
      ratio(own.totalNs, totalOf(floor)),
      requestFloor === undefined ? '' : ms(totalOf(requestFloor)),
      `${coldFigure(totalOf, s, limits).toFixed(2)} (≤ ${coldLimit})`,
    ];
  });
  const header = ['Function', 'floor', 'Raw KB', 'import() ms', '1st answer ms', 'total ms', 'process ms', 'peak RSS MB'];
  log(table([...header, 'KB × floor', 'ms × floor', 'its requests ms', 'target figure'], rows));
  log(
    `(The target figure: × floor for a function without DynamoDB; for the others, the cold start less its requests' on ${subjects.databaseFloor.id}, ÷ ${subjects.databaseFloor.id}'s.) The requests each DynamoDB function sent, in rounds:`,
  );
  for (const [id, { script }] of requestFloors) log(`  ${id}: ${requestsOf(script)}: ${describeScript(script)}`);
  log('What each bundle holds beyond its floor (KB):');
  for (const s of subjects.functions) {
    const beyond = bytesBeyond(s.metafile, floorOf(subjects, s).floor.metafile);
    const total = beyond.reduce((sum, p) => sum + p.bytes, 0);
    log(`  ${s.id}: ${kb(total)}: ${beyond.map((p) => `${p.name} ${kb(p.bytes)}`).join(', ')}`);
  }
  log();
}
