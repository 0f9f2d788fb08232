export function OpsCustomersPage() {
  return null
}
