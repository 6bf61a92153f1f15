/**
 * `npm run audit`: the production dependencies (what the Lambda bundles are made of) against the
 * registry's known vulnerabilities, by `npm audit --omit=dev`. Exit code 1 when one of moderate
 * severity or worse is known; 0 otherwise, and when the registry does not answer the audit, which
 * it says (./verdict.ts). CI runs it after installing (.github/workflows/ci.yml, .ci/run).
 */
import { spawnSync } from 'node:child_process';
import { auditVerdict, describeVerdict, fails } from './verdict';

const audit = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
const verdict = audit.error ? ({ kind: 'unanswered', reason: audit.error.message } as const) : auditVerdict(audit.stdout);
console.log(describeVerdict(verdict));
process.exit(fails(verdict) ? 1 : 0);
