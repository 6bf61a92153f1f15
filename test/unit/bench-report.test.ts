/**
 * The bench's report (infra/perf/bench/report/results.ts, report-markdown.ts): what a section records is in
 * infra/perf/results/bench.json's shape (infra/perf/results/bench.schema.json, checked by ajv) and in the markdown
 * table under the section's heading, with its baseline and the ratio to it; the targets come last
 * with PASS or FAIL; and the committed infra/perf/results/bench.json and infra/perf/results/bench.md are of one run.
 */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Machine } from '../../infra/perf/report/machine';
import { renderMarkdown } from '../../infra/perf/bench/report/report-markdown';
import { Results, UNITS, type Report } from '../../infra/perf/bench/report/results';
import { markdownSection } from '../support/markdown';

const schema = JSON.parse(readFileSync('infra/perf/results/bench.schema.json', 'utf8')) as { $defs: { unit: { enum: string[] } } };
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
const validate = ajv.compile(schema);

const MACHINE: Machine = {
  node: 'v24.21.0',
  platform: 'linux',
  arch: 'x64',
  cpuModel: 'Test CPU 3000',
  cpus: 2,
  memoryBytes: 24 * 2 ** 30,
  loadAverage: [0.5, 0.25, 0.125],
};

function sampleReport(): Report {
  const results = new Results();
  const cold = results.section('Cold start', 'a fresh `node` process per run; 15 runs each');
  cold({
    name: 'cold start',
    subject: 'ErrorsFunction',
    median: 46_500_000,
    p99: 60_000_000,
    unit: 'ns',
    baseline: { subject: 'Baseline', median: 1_500_000 },
  });
  cold({
    name: 'cold start',
    subject: 'Baseline',
    median: 1_500_000,
    p99: 2_000_000,
    unit: 'ns',
    baseline: { subject: 'Baseline', median: 1_500_000 },
  });
  const http = results.section('Throughput over HTTP', 'autocannon, 10 connections');
  http({
    name: 'throughput',
    subject: 'local stack | npm start',
    median: 6_000,
    unit: 'requests/s',
    baseline: { subject: 'bare server', median: 20_000 },
  });
  http({ name: 'bundle size, raw', subject: 'ErrorsFunction', median: 374_272, unit: 'bytes' });
  results.verdict({
    name: 'throughput ÷ bare',
    figure: 0.3,
    comparison: '≥',
    limit: 0.5,
    unit: 'ratio',
    detail: '6000 vs 20000 requests/s',
  });
  results.verdict({ name: 'warm median, slowest', figure: 19_630, comparison: '<', limit: 50_000, unit: 'ns' });
  return results.report(MACHINE, new Date('2026-11-22T10:00:00Z'), 231.44);
}

/** The cells of a markdown table row (an escaped `\|` is no separator: no space stands before its bar). */
const cells = (line: string) =>
  line
    .slice(2, -2)
    .split(' | ')
    .map((cell) => cell.replace(/\\\|/g, '|'));

/** The table rows of the markdown section under `## title`. */
function sectionRows(markdown: string, title: string): string[][] {
  return markdownSection(markdown, title, 'bench.md')
    .split('\n')
    .filter((line) => line.startsWith('| '))
    .map(cells);
}

describe('infra/perf/results/bench.json', () => {
  test("a report, through JSON, is valid against the schema, with each figure in its section and the run's machine", () => {
    const report = JSON.parse(JSON.stringify(sampleReport())) as Report;
    expect(validate(report) ? [] : validate.errors).toEqual([]);
    expect(report.sections.map((s) => s.title)).toEqual(['Cold start', 'Throughput over HTTP']);
    expect(report.figures).toContainEqual({
      section: 'Throughput over HTTP',
      name: 'throughput',
      subject: 'local stack | npm start',
      median: 6_000,
      unit: 'requests/s',
      baseline: { subject: 'bare server', median: 20_000 },
    });
    expect(report.machine.cpuModel).toBe('Test CPU 3000');
    expect(report.durationSeconds).toBe(231.4);
  });

  test("a yardstick's own figure is not set against itself", () => {
    const baseline = sampleReport().figures.find((f) => f.subject === 'Baseline')!;
    expect(baseline).not.toHaveProperty('baseline');
    expect(validate(JSON.parse(JSON.stringify(sampleReport())))).toBe(true);
  });

  test('verdicts pass by their comparison', () => {
    expect(sampleReport().targets.map((v) => [v.name, v.pass])).toEqual([
      ['throughput ÷ bare', false],
      ['warm median, slowest', true],
    ]);
  });

  test('a figure that is not a number is refused where it is recorded', () => {
    const record = new Results().section('Warm', 'in-process');
    expect(() => record({ name: 'warm latency, xml', subject: 'ErrorsFunction', median: Number.NaN, unit: 'ns' })).toThrow(
      /warm latency, xml of ErrorsFunction is NaN/,
    );
  });

  test('the schema allows the units the code records, and no other', () => {
    expect(schema.$defs.unit.enum).toEqual([...UNITS]);
  });
});

describe('infra/perf/results/bench.md', () => {
  const markdown = renderMarkdown(sampleReport());

  test('the machine comes first, then the sections in their order, then the targets', () => {
    const at = (heading: string) => markdown.indexOf(`\n## ${heading}\n`);
    expect(at('Machine')).toBeGreaterThan(0);
    expect(at('Machine')).toBeLessThan(at('Cold start'));
    expect(at('Cold start')).toBeLessThan(at('Throughput over HTTP'));
    expect(at('Throughput over HTTP')).toBeLessThan(at('Targets'));
    expect(sectionRows(markdown, 'Machine')).toEqual(
      expect.arrayContaining([
        ['CPU', '2 × Test CPU 3000'],
        ['memory', '24.0 GiB'],
        ['Node', 'v24.21.0'],
      ]),
    );
    expect(markdown).toContain('npm run bench');
  });

  test('a recorded figure is a row of its section, with its baseline and the ratio to it', () => {
    const [header, , ...rows] = sectionRows(markdown, 'Throughput over HTTP');
    expect(header).toEqual(['figure', 'subject', 'median', 'baseline', 'baseline median', '× baseline']);
    expect(rows).toEqual([
      ['throughput', 'local stack | npm start', '6000 requests/s', 'bare server', '20000 requests/s', '0.30'],
      ['bundle size, raw', 'ErrorsFunction', '365.5 KB', '', '', ''],
    ]);
  });

  test("timings read in ms or µs, with p99 where the section has it; the yardstick's row has no ratio", () => {
    const [header, , ...rows] = sectionRows(markdown, 'Cold start');
    expect(header).toEqual(['figure', 'subject', 'median', 'p99', 'baseline', 'baseline median', '× baseline']);
    expect(rows).toEqual([
      ['cold start', 'ErrorsFunction', '46.50 ms', '60.00 ms', 'Baseline', '1.50 ms', '31.00'],
      ['cold start', 'Baseline', '1.50 ms', '2.00 ms', '', '', ''],
    ]);
  });

  test('the targets say PASS or FAIL, with figure and limit', () => {
    const [, , ...rows] = sectionRows(markdown, 'Targets');
    expect(rows).toEqual([
      ['FAIL', 'throughput ÷ bare', '0.30 ×', '≥ 0.50 ×', '6000 vs 20000 requests/s'],
      ['PASS', 'warm median, slowest', '19.63 µs', '< 50.00 µs', ''],
    ]);
  });
});

describe('the committed report', () => {
  const committed = () => JSON.parse(readFileSync('infra/perf/results/bench.json', 'utf8')) as Report;

  test('infra/perf/results/bench.json is valid against the schema, and holds the throughput against its baseline, as a figure without a target', () => {
    const report = committed();
    expect(validate(report) ? [] : validate.errors).toEqual([]);
    const throughput = report.figures.filter((f) => f.name === 'throughput' && f.baseline !== undefined);
    expect(throughput).toHaveLength(1);
    // The local server is a development tool, not what users run: its throughput is reported, not held to a target.
    expect(report.targets.map((v) => v.name)).not.toContainEqual(expect.stringMatching(/throughput/));
    expect(report.targets.map((v) => v.name)).toContainEqual(expect.stringMatching(/redirect median ÷ a bare UpdateItem/));
  });

  test('infra/perf/results/bench.md is rendered from it: both are of the same run', () => {
    expect(readFileSync('infra/perf/results/bench.md', 'utf8')).toBe(renderMarkdown(committed()));
  });
});
