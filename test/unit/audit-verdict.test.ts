/**
 * npm run audit's verdict on what `npm audit --omit=dev --json` prints (infra/audit/verdict.ts):
 * the registry's report with and without known vulnerabilities, and a registry that does not
 * answer the audit, as this machine's mirror answers it.
 */
import { auditVerdict, describeVerdict, fails } from '../../infra/audit/verdict';

const metadata = (prod: number) => ({
  vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
  dependencies: { prod, dev: 400, optional: 0, peer: 0, peerOptional: 0, total: prod + 400 },
});
const advisory = (name: string, severity: string) => ({
  source: 1096,
  name,
  dependency: name,
  title: `${name} vulnerable to Prototype Pollution`,
  url: 'https://github.com/advisories/GHSA-x3cc-x39p-42qx',
  severity,
  range: '<4.2.4',
});
const report = (vulnerabilities: Record<string, unknown>) =>
  JSON.stringify({ auditReportVersion: 2, vulnerabilities, metadata: metadata(36) });

test('a clean report passes, and says how many production dependencies it covered', () => {
  const verdict = auditVerdict(report({}));
  expect(verdict).toEqual({ kind: 'checked', findings: [], dependencies: 36 });
  expect(fails(verdict)).toBe(false);
  expect(describeVerdict(verdict)).toBe('npm audit: no known vulnerability in the 36 production dependencies');
});

test('a high advisory fails, naming the package, its advisory and what it comes through', () => {
  const verdict = auditVerdict(
    report({
      'fast-xml-parser': { name: 'fast-xml-parser', severity: 'high', isDirect: true, via: [advisory('fast-xml-parser', 'high')] },
      '@aws-sdk/core': { name: '@aws-sdk/core', severity: 'high', isDirect: false, via: ['fast-xml-parser'] },
    }),
  );
  expect(fails(verdict)).toBe(true);
  const text = describeVerdict(verdict);
  expect(text).toContain('2 production dependencies with known vulnerabilities, fails');
  expect(text).toContain(
    '  high fast-xml-parser: fast-xml-parser vulnerable to Prototype Pollution https://github.com/advisories/GHSA-x3cc-x39p-42qx',
  );
  expect(text).toContain('  high @aws-sdk/core: through fast-xml-parser');
});

test.each([
  ['moderate', true],
  ['critical', true],
  ['low', false],
  ['info', false],
])('one %s advisory: fails is %s', (severity, failing) => {
  const verdict = auditVerdict(report({ yaml: { name: 'yaml', severity, via: [advisory('yaml', severity)] } }));
  expect(fails(verdict)).toBe(failing);
  expect(describeVerdict(verdict)).toContain(`  ${severity} yaml:`);
});

test('a registry without the audit endpoint is said, not failed', () => {
  const reason = '405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk';
  const answer = { message: reason, method: 'POST', statusCode: 405, body: '', error: { summary: '', detail: '' } };
  const verdict = auditVerdict(JSON.stringify(answer));
  expect(verdict).toEqual({ kind: 'unanswered', reason });
  expect(fails(verdict)).toBe(false);
  expect(describeVerdict(verdict)).toMatch(
    /^npm audit: the registry did not answer \(405 .*\): the production dependencies were not checked/,
  );
});

test('no report at all (npm failing before the audit) is said, not failed', () => {
  for (const output of ['', 'npm error code ENOTFOUND']) {
    expect(auditVerdict(output)).toEqual({ kind: 'unanswered', reason: 'npm audit printed no report' });
    expect(fails(auditVerdict(output))).toBe(false);
  }
  const reason = 'This command requires an existing lockfile.';
  expect(auditVerdict(JSON.stringify({ error: { code: 'ENOLOCK', summary: reason } }))).toEqual({ kind: 'unanswered', reason });
});
