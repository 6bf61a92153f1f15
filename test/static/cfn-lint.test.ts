/**
 * cfn-lint, AWS's CloudFormation linter (Python, `pip install cfn-lint`), on template.yaml: no
 * error, no warning, no informational finding. GitHub's CI installs it (ci.yml) and runs with
 * CI=true: there, a missing cfn-lint fails this test. Elsewhere (.ci/run included) it runs
 * where cfn-lint is installed, and says so where it is not.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const lint = (file: string) => spawnSync('cfn-lint', ['--format', 'parseable', '--', file], { encoding: 'utf8' });
const installed = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;

/** Runs `check` where cfn-lint is installed; without it, fails in CI and warns elsewhere. */
function withCfnLint(check: () => void): void {
  if (installed) {
    check();
    return;
  }
  expect(process.env.CI ?? '').not.toBe('true');
  console.warn('cfn-lint is not installed, so template.yaml was not linted: pip install cfn-lint');
}

test('cfn-lint finds nothing in template.yaml', () => {
  withCfnLint(() => {
    const run = lint('template.yaml');
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

test('cfn-lint reports a broken copy of it, by rule and resource', () => {
  withCfnLint(() => {
    const directory = mkdtempSync(join(tmpdir(), 'cfn-lint-'));
    try {
      const file = join(directory, 'template.yaml');
      // A property the dashboard does not have.
      const broken = readFileSync('template.yaml', 'utf8').replace(
        '      DashboardName: !Sub',
        '      DashboardTitle: x\n      DashboardName: !Sub',
      );
      writeFileSync(file, broken);
      const run = lint(file);
      expect(run.status).not.toBe(0);
      expect(run.stdout).toMatch(/:E3002:.*DashboardTitle/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
