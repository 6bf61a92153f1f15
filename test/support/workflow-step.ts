/** A workflow step's `run` in `bash -e`, as the runner runs it: stand-in commands first on PATH, GITHUB_OUTPUT a file read back. */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The step's exit status, stdout, stderr, and what it wrote to GITHUB_OUTPUT, by name. */
export function runStep(
  script: string,
  { commands = {}, env = {}, cwd = process.cwd() }: { commands?: Record<string, string>; env?: Record<string, string>; cwd?: string },
) {
  const directory = mkdtempSync(join(tmpdir(), 'workflow-step-'));
  try {
    for (const [name, body] of Object.entries(commands)) {
      const file = join(directory, name);
      writeFileSync(file, `#!/usr/bin/env bash\n${body}\n`);
      chmodSync(file, 0o755);
    }
    const output = join(directory, 'github-output');
    writeFileSync(output, '');
    const run = spawnSync('bash', ['-e', '-c', script], {
      cwd,
      encoding: 'utf8',
      env: { PATH: `${directory}:${process.env.PATH}`, HOME: directory, GITHUB_OUTPUT: output, ...env },
    });
    const outputs = Object.fromEntries(
      [...readFileSync(output, 'utf8').matchAll(/^([^=\n]*)=(.*)$/gm)].map(([, name, value]) => [name!, value!]),
    );
    return { status: run.status, stdout: run.stdout, stderr: run.stderr, outputs };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
