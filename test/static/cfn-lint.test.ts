/**
 * cfn-lint on both templates: no error, no warning, no informational finding (where cfn-lint is
 * installed: ../support/cfn-lint.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { withCfnLint as withCfnLintOn } from '../support/cfn-lint';

jest.setTimeout(60_000);

const lint = (file: string) => spawnSync('cfn-lint', ['--format', 'parseable', '--', file], { encoding: 'utf8' });
const withCfnLint = (check: () => void) => withCfnLintOn('the templates', check);

test('cfn-lint finds nothing in template.yaml', () => {
  withCfnLint(() => {
    const run = lint('template.yaml');
    expect(run.stdout + run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});

test('cfn-lint finds nothing in the bootstrap template', () => {
  withCfnLint(() => {
    const run = lint('infra/bootstrap/template.yaml');
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
