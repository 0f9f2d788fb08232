/* The header's badge counts (spec §3 'Badge counts'; flows §6) are read with the startup data and
 * again when the window comes back, the network returns, or a page says they changed (this module:
 * kept free of imports, so any page may call it without bringing in the session's code). */

/** The window event that asks the running session to read the badge counts again. */
export const BADGE_COUNTS_STALE = 'yoyaku:badge-counts-stale'

/**
 * Something the badges count has changed (a balance was paid): the running session reads the counts
 * again. Safe to call with no session running (a visitor): nothing listens then.
 */
export function refreshBadgeCounts(): void {
  window.dispatchEvent(new Event(BADGE_COUNTS_STALE))
}
