/**
 * What `npm audit --omit=dev --json` says of the production dependencies, as a verdict: the known vulnerabilities by severity (those of
 * FAILING_SEVERITIES fail the run), or that the registry did not answer the audit (a registry or mirror without the advisory endpoint, or
 * an outage), which is said, not failed: a check that cannot run is reported as not run.
 */

export type Severity = 'info' | 'low' | 'moderate' | 'high' | 'critical';

/** Severities that fail the run; `low` and `info` are listed only. */
export const FAILING_SEVERITIES: readonly Severity[] = ['moderate', 'high', 'critical'];

export interface Finding {
  readonly name: string;
  readonly severity: Severity;
  /** The advisories' titles and addresses, or the dependency through which it is vulnerable. */
  readonly via: readonly string[];
}

export type Verdict =
  | { readonly kind: 'checked'; readonly findings: readonly Finding[]; readonly dependencies: number }
  | { readonly kind: 'unanswered'; readonly reason: string };

interface AuditReport {
  readonly vulnerabilities?: Record<string, { severity: Severity; via: Array<string | { title?: string; url?: string }> }>;
  readonly metadata?: { dependencies?: { prod?: number; total?: number } };
  readonly message?: string;
  readonly statusCode?: number;
  readonly error?: { summary?: string; code?: string };
}

/** The verdict of npm audit's JSON output (whatever its exit code). */
export function auditVerdict(output: string): Verdict {
  let report: AuditReport;
  try {
    report = JSON.parse(output) as AuditReport;
  } catch {
    return { kind: 'unanswered', reason: 'npm audit printed no report' };
  }
  if (report.vulnerabilities === undefined || report.metadata === undefined) {
    const reason = report.message ?? report.error?.summary ?? report.error?.code ?? `status ${report.statusCode ?? 'unknown'}`;
    return { kind: 'unanswered', reason: reason.split('\n')[0]! };
  }
  const findings = Object.entries(report.vulnerabilities).map(([name, { severity, via }]) => ({
    name,
    severity,
    via: via.map((cause) => (typeof cause === 'string' ? `through ${cause}` : `${cause.title ?? 'advisory'} ${cause.url ?? ''}`.trim())),
  }));
  return { kind: 'checked', findings, dependencies: report.metadata.dependencies?.prod ?? 0 };
}

/** Whether the verdict fails the run. */
export const fails = (verdict: Verdict): boolean =>
  verdict.kind === 'checked' && verdict.findings.some((finding) => FAILING_SEVERITIES.includes(finding.severity));

/** The verdict in a few lines. */
export function describeVerdict(verdict: Verdict): string {
  if (verdict.kind === 'unanswered')
    return `npm audit: the registry did not answer (${verdict.reason}): the production dependencies were not checked for known vulnerabilities`;
  if (verdict.findings.length === 0) return `npm audit: no known vulnerability in the ${verdict.dependencies} production dependencies`;
  const lines = verdict.findings.map((finding) => `  ${finding.severity} ${finding.name}: ${finding.via.join('; ')}`);
  const verdictLine = fails(verdict)
    ? `fails: ${FAILING_SEVERITIES.join(', ')} severities must be fixed (npm audit fix, or a newer release)`
    : 'passes: none of them moderate or worse';
  return [`npm audit: ${verdict.findings.length} production dependencies with known vulnerabilities, ${verdictLine}`, ...lines].join('\n');
}
