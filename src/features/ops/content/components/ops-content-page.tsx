export function OpsContentPage() {
  return null
}
