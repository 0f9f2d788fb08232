/** What `npm audit --json` prints: a report, or the registry's error when it offers no advisory service. */
export interface AuditReport {
  statusCode?: number
  message?: string
  metadata?: { vulnerabilities?: Record<string, number> }
  vulnerabilities?: Record<string, { severity: string }>
}

export type AuditVerdict =
  | { kind: 'unchecked'; reason: string }
  | { kind: 'clean'; counts: Record<string, number> }
  | { kind: 'serious'; counts: Record<string, number>; packages: { name: string; severity: string }[] }

/** High and critical advisories fail; an answer without a report is "unchecked", never "clean". */
export function auditVerdict(report: AuditReport): AuditVerdict {
  if (!report.metadata) {
    return { kind: 'unchecked', reason: `${report.statusCode ?? '?'} ${report.message ?? 'no report'}` }
  }
  const counts = report.metadata.vulnerabilities ?? {}
  const packages = Object.entries(report.vulnerabilities ?? {})
    .filter(([, entry]) => entry.severity === 'high' || entry.severity === 'critical')
    .map(([name, entry]) => ({ name, severity: entry.severity }))
  return packages.length > 0 ? { kind: 'serious', counts, packages } : { kind: 'clean', counts }
}
