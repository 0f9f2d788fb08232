export function OpsAuditPage() {
  return null
}
