/** cfn-lint and SAM's transform it installs; the tests that use it fail without it, saying how to get it. */
import { type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { accessSync, constants, readFileSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CFN_LINT_MISSING =
  'cfn-lint is not installed: pip install cfn-lint==1.51.0 (the version CI pins; or pipx install), ' +
  'with its script on PATH (pyenv: the shims directory)';

/** cfn-lint's script on PATH, found without starting it: each Python start costs seconds. */
function cfnLintScript(): string {
  for (const directory of (process.env.PATH ?? '').split(delimiter)) {
    const file = join(directory, 'cfn-lint');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory: the next one
    }
  }
  throw new Error(`${CFN_LINT_MISSING}. None on PATH: ${process.env.PATH}`);
}

/** cfn-lint with these arguments; pyenv's shim answers 127 where the active Python has no cfn-lint. */
export function cfnLint(args: string[]): SpawnSyncReturns<string> {
  const run = spawnSync(cfnLintScript(), args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.error || run.status === 127) throw new Error(`${CFN_LINT_MISSING}. ${run.error?.message ?? run.stderr}`);
  return run;
}

/**
 * A Python script run by a python that imports cfn-lint and aws-sam-translator: python3 (pip,
 * pyenv), else the one cfn-lint's script names (pipx installs it in an environment of its own).
 */
export function withCfnLintPython(args: string[], options: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  const shebang = /^#!\s*(\S+)/.exec(readFileSync(realpathSync(cfnLintScript()), 'utf8').split('\n')[0] ?? '')?.[1];
  const pythons = ['python3', ...(shebang && !/\b(env|sh|bash)$/.test(shebang) ? [shebang] : [])];
  for (const python of pythons) {
    const run = spawnSync(python, args, options);
    const unfit =
      (run.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' || /No module named '(cfnlint|samtranslator)'/.test(run.stderr);
    if (!unfit) return run;
  }
  throw new Error(`${CFN_LINT_MISSING}. None of ${pythons.join(', ')} imports cfnlint and samtranslator`);
}
