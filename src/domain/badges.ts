/** Counts behind the header's badge (spec §3 'Badge counts', §2 header). */
export interface HeaderBadgeCounts {
  finalBadgeCount: number
  applyBadgeCount: number
  expressBadgeCount: number
  extraPayCount: number
}

/** Things waiting for the shopper: balances, packaging requests, shipping fees and extra fees. */
export function headerBadgeTotal(counts: HeaderBadgeCounts): number {
  return counts.finalBadgeCount + counts.applyBadgeCount + counts.expressBadgeCount + counts.extraPayCount
}

/**
 * The header's badge counts from the session's startup data: the final badge is the count of balances
 * due (`GET /mall/order/finalCount`'s `count`: the operable orders in 5 arrival, overdue ones among
 * them), the packaging badge the orders waiting for a packaging request and the shipping badge the
 * packages whose fee is unpaid (`GET /mall/package_apply/notifyCount`'s `applyCount` and `count`), and
 * the extra-pay count is loaded with the startup.
 */
export function headerBadgeCounts(startup: {
  orderFinalCount: number
  applyCount: number
  expressCount: number
  extraPayCount: number
}): HeaderBadgeCounts {
  return {
    finalBadgeCount: startup.orderFinalCount,
    applyBadgeCount: startup.applyCount,
    expressBadgeCount: startup.expressCount,
    extraPayCount: startup.extraPayCount,
  }
}

export const BADGE_MAX = 99

/** The badge's text: nothing for 0, the count up to 99, then '99+' (spec §9). */
export function badgeText(count: number): string | undefined {
  if (count <= 0) return undefined
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count)
}
