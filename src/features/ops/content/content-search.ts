/*
 * The content room's tab lives in the address (?tab=…), so reload and back keep it. Kept tiny and free
 * of valibot: route configs travel in every first load. An unknown tab reads as the first one.
 */

export const CONTENT_TABS = ['banners', 'announcements', 'articles', 'service'] as const
export type ContentTab = (typeof CONTENT_TABS)[number]

export interface OpsContentSearch {
  tab?: ContentTab
}

export function opsContentSearch(search: Record<string, unknown>): OpsContentSearch {
  const tab = CONTENT_TABS.find((known) => known === search.tab)
  return tab && tab !== 'banners' ? { tab } : {}
}
