/**
 * The DynamoDB functions against the doc-client-only bundle (doc-client.ts, the SDK's document
 * client and one GetItem): bundle size and cold start at TARGET_MB as multiples of its, what the
 * functions hold beyond it (package by package), and where their extra cold-start time goes.
 */
import type { Metafile } from 'esbuild';
import { bytesByPackage } from '../../bundle/esbuild';
import type { ColdStarts } from './cold-start';
import { TARGET_MB } from './lambda-cold-start';
import { beginSection, kb, log, ms, passFail, ratio, signedMs, table } from './output';
import type { Subjects } from './subjects';
import { TARGETS } from './target-limits';

/** Bytes per package that `bundle` holds beyond `yardstick` (a tenth of a KB at least), largest first. */
function bytesBeyond(bundle: Metafile, yardstick: Metafile): { name: string; bytes: number }[] {
  const theirs = new Map(bytesByPackage(yardstick).map((p) => [p.name, p.bytes]));
  return bytesByPackage(bundle)
    .map((p) => ({ name: p.name, bytes: p.bytes - (theirs.get(p.name) ?? 0) }))
    .filter((p) => p.bytes >= 103)
    .sort((a, b) => b.bytes - a.bytes);
}

/** fast-xml-parser's XMLBuilder and the packages it brings. */
const XML_RENDERER = ['fast-xml-parser', 'fast-xml-builder', 'path-expression-matcher', 'xml-naming'];
const isXmlRenderer = (name: string) => XML_RENDERER.includes(name);

export function docClientSection({ statics, dbFunctions, gallery, baseline, docClient: doc }: Subjects, cold: ColdStarts): void {
  const withDatabase = [...dbFunctions, ...gallery];
  const docCold = cold.get(doc.id)!;
  const limit = TARGETS.perDocClientOnly;
  const record = beginSection(
    `DynamoDB functions against ${doc.id}`,
    `${kb(doc.bytes)} KB; at ${TARGET_MB} MB, cold start ${ms(docCold.total.median)} ms: import() ${ms(docCold.importMedian)} ms, GetItem ${ms(docCold.firstMedian)} ms; target: size and import() ≤ ${limit} ×`,
  );
  const xmlBytes = (metafile: Metafile) =>
    bytesByPackage(metafile)
      .filter((p) => isXmlRenderer(p.name))
      .reduce((sum, p) => sum + p.bytes, 0);
  const against = (median: number) => ({ subject: doc.id, median });
  for (const s of withDatabase) {
    const c = cold.get(s.id)!;
    record({ name: 'bundle size, raw', subject: s.id, median: s.bytes, unit: 'bytes', baseline: against(doc.bytes) });
    record({ name: 'bytes of the XML renderer', subject: s.id, median: xmlBytes(s.metafile), unit: 'bytes' });
    record({
      name: 'cold start',
      subject: s.id,
      median: c.total.median,
      p99: c.total.p99,
      unit: 'ns',
      baseline: against(docCold.total.median),
    });
    record({ name: 'cold start, import()', subject: s.id, median: c.importMedian, unit: 'ns', baseline: against(docCold.importMedian) });
    record({ name: 'cold start, 1st request', subject: s.id, median: c.firstMedian, unit: 'ns', baseline: against(docCold.firstMedian) });
  }
  log(
    table(
      [
        'Function',
        'Raw KB',
        '× doc client',
        `Size ≤ ${limit} ×`,
        'XML renderer KB',
        'import() ms',
        '× doc client',
        `import() ≤ ${limit} ×`,
        '1st request ms',
        'Cold ms',
      ],
      withDatabase.map((s) => {
        const c = cold.get(s.id)!;
        const [size, time] = [ratio(s.bytes, doc.bytes), ratio(c.importMedian, docCold.importMedian)];
        return [
          s.id,
          kb(s.bytes),
          size,
          passFail(s.bytes <= limit * doc.bytes),
          kb(xmlBytes(s.metafile)),
          ms(c.importMedian),
          time,
          passFail(c.importMedian <= limit * docCold.importMedian),
          ms(c.firstMedian),
          ms(c.total.median),
        ];
      }),
    ),
  );
  log(
    "The create, lookup and gallery functions answer in the API's types, so they also carry the renderers (XML: fast-xml-parser's XMLBuilder)",
  );
  log('and middy; the redirect function answers a 301 or a small HTML page and carries none of the renderers.');
  for (const s of withDatabase) {
    const beyond = bytesBeyond(s.metafile, doc.metafile);
    const total = beyond.reduce((sum, p) => sum + p.bytes, 0);
    record({ name: `bytes beyond ${doc.id}`, subject: s.id, median: total, unit: 'bytes' });
    for (const p of beyond.slice(0, 8))
      record({ name: `bytes beyond ${doc.id}, package ${p.name}`, subject: s.id, median: p.bytes, unit: 'bytes' });
    log(
      `${s.id} holds ${kb(total)} KB beyond ${doc.id}: ${beyond
        .slice(0, 8)
        .map((p) => `${p.name} ${kb(p.bytes)}`)
        .join(', ')}${beyond.length > 8 ? ', …' : ''} (KB).`,
    );
  }
  const beyondCold = withDatabase.map((s) => {
    const c = cold.get(s.id)!;
    return `${s.id} import() ${signedMs(c.importMedian - docCold.importMedian)} ms, 1st request ${signedMs(c.firstMedian - docCold.firstMedian)} ms`;
  });
  log(`Cold start beyond ${doc.id} (differences of medians): ${beyondCold.join('; ')}.`);
  const staticImports = statics.map((s) => cold.get(s.id)!.importMedian);
  log(
    `For scale: the functions without DynamoDB (renderers and middy, no SDK) take ${ms(Math.min(...staticImports))}–${ms(Math.max(...staticImports))} ms in import(), ` +
      `the baseline ${ms(cold.get(baseline.id)!.importMedian)} ms.`,
  );
  log();
}
