/**
 * cfn-lint, AWS's CloudFormation linter (Python, `pip install cfn-lint`), and SAM's transform that
 * it installs (aws-sam-translator). GitHub's CI installs it (ci.yml) and runs with CI=true: there,
 * a missing cfn-lint fails the tests that use it. Elsewhere (.ci/run included) they run where
 * cfn-lint is installed, and say so where it is not.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync } from 'node:fs';

export const cfnLintInstalled = spawnSync('cfn-lint', ['--version'], { encoding: 'utf8' }).status === 0;

/** Runs `check` where cfn-lint is installed; without it, fails in CI and warns elsewhere. */
export function withCfnLint(what: string, check: () => void): void {
  if (cfnLintInstalled) {
    check();
    return;
  }
  expect(process.env.CI ?? '').not.toBe('true');
  console.warn(`cfn-lint is not installed, so ${what} was not checked: pip install cfn-lint`);
}

/**
 * A python that can import cfn-lint and aws-sam-translator: the machine's python3 (pip, pyenv), or
 * the one cfn-lint's own script names (pipx installs it in an environment of its own).
 */
export function cfnLintPython(): string {
  const script = spawnSync('sh', ['-c', 'command -v cfn-lint'], { encoding: 'utf8' }).stdout.trim();
  const shebang = script ? /^#!\s*(\S+)/.exec(readFileSync(realpathSync(script), 'utf8').split('\n')[0] ?? '')?.[1] : undefined;
  const candidates = ['python3', ...(shebang && !/\b(env|sh|bash)$/.test(shebang) ? [shebang] : [])];
  const found = candidates.find((python) => spawnSync(python, ['-c', 'import cfnlint, samtranslator']).status === 0);
  if (!found) throw new Error(`cfn-lint is installed, but none of ${candidates.join(', ')} imports it with aws-sam-translator`);
  return found;
}
