/** cfn-lint and SAM's transform it installs; the tests that use it fail without it, saying how to get it. */
import { type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export const CFN_LINT_MISSING =
  'cfn-lint is not installed: pip install cfn-lint==1.51.0 (the version CI pins; or pipx install), ' +
  'with its script on PATH (pyenv: the shims directory)';

/** cfn-lint's script on PATH, found without starting it: each Python start costs seconds. */
function cfnLintScript(): string {
  const executable = (file: string) => ((statSync(file, { throwIfNoEntry: false })?.mode ?? 0) & 0o111) !== 0;
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .map((directory) => join(directory, 'cfn-lint'))
    .find(executable);
  if (found === undefined) throw new Error(`${CFN_LINT_MISSING}. None on PATH: ${process.env.PATH}`);
  return found;
}

/** cfn-lint with these arguments; pyenv's shim answers 127 where the active Python has no cfn-lint. */
export function cfnLint(args: string[]): SpawnSyncReturns<string> {
  const run = spawnSync(cfnLintScript(), args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.error || run.status === 127) throw new Error(`${CFN_LINT_MISSING}. ${run.error?.message ?? run.stderr}`);
  return run;
}

/** A Python script run by a python importing cfn-lint and aws-sam-translator: python3, else the one cfn-lint's script names (pipx). */
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
