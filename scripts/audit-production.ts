import { spawnSync } from 'node:child_process'
import { type AuditReport, auditVerdict } from './audit/verdict.ts'

/**
 * `npm run audit:production`: fails when a package the server or the app ships with has a high or
 * critical advisory (`npm audit --omit=dev`). When the registry offers no advisory service (a mirror
 * that answers the audit call with an error), it says so plainly and does not fail: nothing was
 * checked, and a build must not stop for a service it cannot reach.
 */
const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' })
let report: AuditReport
try {
  report = JSON.parse(run.stdout) as AuditReport
} catch {
  console.error(`npm audit printed no report (exit ${run.status}):\n${run.stderr}`)
  process.exit(1)
}

const verdict = auditVerdict(report)
if (verdict.kind === 'unchecked') {
  console.warn(`npm audit: NOT CHECKED, the registry's advisory service answered ${verdict.reason}.`)
  console.warn('Run `npm run audit:production` where the public registry is reachable.')
} else {
  console.log(`npm audit --omit=dev: ${JSON.stringify(verdict.counts)}`)
  if (verdict.kind === 'serious') {
    for (const { name, severity } of verdict.packages) console.error(`  ${severity}: ${name}`)
    process.exit(1)
  }
}
