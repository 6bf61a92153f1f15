/** What a load or scale run checks after it ran: each check passes or fails, with what was seen. */

export interface Check {
  readonly name: string;
  readonly pass: boolean;
  readonly detail: string;
}

export const verdict = (check: Check) => `${check.pass ? 'PASS' : 'FAIL'}  ${check.name}: ${check.detail}`;

/** The last line of a run: `LOAD PASSED: 20 checks`, or how many failed. */
export function summary(run: string, checks: readonly Check[]): string {
  const failed = checks.filter((check) => !check.pass).length;
  return failed === 0 ? `${run} PASSED: ${checks.length} checks` : `${run} FAILED: ${failed} of ${checks.length} checks`;
}
