/** Leaves the shop for the gateway's page: a full navigation, since the gateway is another site. */
export function goToGateway(url: string): void {
  window.location.assign(url)
}
